import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { operatorOidc } from "./operator-connection";

const base = {
  OIDC_ISSUER: "https://login.acme.test",
  OIDC_CLIENT_ID: "signet",
  OIDC_CLIENT_SECRET: "s3cret",
  OIDC_ALLOWED_DOMAINS: "acme.test",
};

describe("the operator's OIDC connection (OIDC_*)", () => {
  it("is none without OIDC_ISSUER, and reads every setting when given", () => {
    expect(operatorOidc({})).toBeNull();
    const op = operatorOidc({
      ...base,
      OIDC_NAME: "Acme",
      OIDC_SCOPES: "email profile groups",
      OIDC_ALLOWED_DOMAINS: " Acme.test , acme.example ",
      OIDC_REQUIRED_GROUPS: "staff",
      OIDC_ADMIN_GROUPS: "admins,owners",
      OIDC_GROUPS_CLAIM: "roles",
      OIDC_CREATE_ACCOUNTS: "false",
    });
    expect(op).toEqual({
      name: "Acme",
      clientSecret: "s3cret",
      settings: {
        issuer: "https://login.acme.test",
        clientId: "signet",
        scopes: "openid email profile groups",
        allowedDomains: ["acme.test", "acme.example"],
        groupsClaim: "roles",
        requiredGroups: ["staff"],
        adminGroups: ["admins", "owners"],
        createAccounts: false,
      },
    });
  });

  it("takes the secret from a file, and refuses each bad setting naming its variable", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-oidc-"));
    const file = path.join(dir, "secret");
    fs.writeFileSync(file, "from-a-file\n");
    expect(operatorOidc({ ...base, OIDC_CLIENT_SECRET: "", OIDC_CLIENT_SECRET_FILE: file })?.clientSecret).toBe("from-a-file");
    const bad: [Record<string, string>, RegExp][] = [
      [{ OIDC_CLIENT_SECRET: "" }, /OIDC_CLIENT_SECRET/],
      [{ OIDC_CLIENT_SECRET_FILE: file }, /Both OIDC_CLIENT_SECRET and OIDC_CLIENT_SECRET_FILE/],
      [{ OIDC_CLIENT_SECRET: "", OIDC_CLIENT_SECRET_FILE: path.join(dir, "missing") }, /cannot be read: ENOENT/],
      [{ OIDC_ISSUER: "http://login.acme.test" }, /^OIDC_ISSUER: /],
      [{ OIDC_ISSUER: "not a url" }, /^OIDC_ISSUER: /],
      [{ OIDC_CLIENT_ID: "" }, /^OIDC_CLIENT_ID: /],
      [{ OIDC_ALLOWED_DOMAINS: "acme" }, /^OIDC_ALLOWED_DOMAINS: /],
      [{ OIDC_ALLOWED_DOMAINS: "" }, /^OIDC_ALLOWED_DOMAINS: .*at least one allowed e-mail domain or one required group/],
      [{ OIDC_CREATE_ACCOUNTS: "maybe" }, /OIDC_CREATE_ACCOUNTS must be true or false/],
      [{ OIDC_SCOPES: "openid\temail" }, /^OIDC_SCOPES: /],
    ];
    for (const [over, message] of bad) expect(() => operatorOidc({ ...base, ...over }), JSON.stringify(over)).toThrow(message);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
