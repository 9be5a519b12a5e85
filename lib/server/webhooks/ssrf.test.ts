import { describe, expect, it } from "vitest";
import { isPublicAddress, obviouslyPrivate } from "./ssrf";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "255.255.255.255",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    // IPv4-mapped, in every spelling
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "0:0:0:0:0:ffff:7f00:1",
    "::FFFF:10.0.0.1",
    "[::ffff:169.254.169.254]",
    // IPv4-compatible (::a.b.c.d)
    "::127.0.0.1",
    "::7f00:1",
    "::10.0.0.1",
    "::169.254.169.254",
    "::8.8.8.8",
    // SIIT (::ffff:0:a.b.c.d), NAT64 (well-known and local-use), 6to4, Teredo
    "::ffff:0:7f00:1",
    "64:ff9b::7f00:1",
    "64:ff9b::a9fe:a9fe",
    "64:ff9b:1::a00:1",
    "2002:7f00:1::1",
    "2002:a00:1::",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "not an address",
    "",
  ])("refuses %s", (a) => expect(isPublicAddress(a)).toBe(false));

  it.each(["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "2001:4860:4860::8888"])("accepts %s", (a) =>
    expect(isPublicAddress(a)).toBe(true),
  );
});

describe("obviouslyPrivate (webhook URLs at creation)", () => {
  it.each([
    "http://[::127.0.0.1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[64:ff9b::7f00:1]/hook",
    "http://[2002:7f00:1::1]/hook",
    "http://2130706433/hook", // 127.0.0.1 as one number: the URL parser normalises it
    "http://0x7f.1/hook",
    "http://localhost./hook".replace("localhost.", "localhost"),
    "http://api.localhost/hook",
  ])("refuses %s", (u) => expect(obviouslyPrivate(new URL(u))).not.toBeNull());

  it("lets a public host through (its addresses are checked again at connect time)", () => {
    expect(obviouslyPrivate(new URL("https://hooks.example.com/x"))).toBeNull();
    expect(obviouslyPrivate(new URL("https://[2606:4700:4700::1111]/x"))).toBeNull();
  });
});
