// What the docs and comments say must stay true of the repository: a path they name is a file that exists
// (a moved file leaves a pointer to nowhere), and docs and comments describe behaviour, not this project's issue numbers.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./import-graph";
import {
  commentProse,
  commentsOf,
  docProse,
  issueMentions,
  pathMentions,
  type Prose,
  testTitleProse,
  testTitlesOf,
  trackedFiles,
} from "./mentions";

const files = trackedFiles();
const docs = docProse(files);
let comments: Prose[] | undefined;
/** Reading every comment takes seconds: once per run. */
const allProse = () => [...docs, ...(comments ??= commentProse(files))];

describe("paths named in docs and comments", () => {
  it("name files that exist", () => {
    const missing = allProse().flatMap((p) =>
      pathMentions(p.text)
        .filter((m) => !fs.existsSync(path.join(root, m)))
        .map((m) => `${p.file}:${p.line}: ${m}`),
    );
    expect(missing).toEqual([]);
  }, 120_000);

  it("name no file by an absolute path of one machine", () => {
    const absolute = allProse()
      .filter((p) => /(?<![\w.:/-])\/(?:work|home|Users)\//.test(p.text))
      .map((p) => `${p.file}:${p.line}`);
    expect(absolute).toEqual([]);
  }, 120_000);

  it("reads paths out of prose, and leaves patterns and placeholders out", () => {
    expect(
      pathMentions(
        "See `lib/server/http/route.ts` and lib/server/requests/request-state.ts. The page (app/sign/[token]/page.tsx), " +
          "[the docs](docs/api.md), app/(dashboard)/settings/team/page.tsx; not lib/server/<domain>/<verb>-<noun>.ts, " +
          "lib/schemas/*.ts, test/api/….test.ts, lib/server/http/ (a folder) nor ../lib/pdf/x.ts or @/lib/pdf/y.ts.",
      ),
    ).toEqual([
      "lib/server/http/route.ts",
      "lib/server/requests/request-state.ts",
      "app/sign/[token]/page.tsx",
      "docs/api.md",
      "app/(dashboard)/settings/team/page.tsx",
    ]);
  });

  it("reads the comments of a source file, and only those", () => {
    const text = [
      `// scripts/moved-away.mjs runs this`,
      `const url = "https://example.com/lib/server/not-a-comment.ts"; /* see test/api/x.test.ts */`,
      `const re = /\\/\\/ lib\\/not-a-comment-either\\.ts/;`,
      `export function C() {`,
      `  return <div>{/* components/ui/button.tsx */}</div>;`,
      `  // lib/last-in-block.ts`,
      `}`,
    ].join("\n");
    const comments = commentsOf(text, "sample.tsx");
    expect(comments.flatMap((c) => pathMentions(c.text))).toEqual([
      "scripts/moved-away.mjs",
      "test/api/x.test.ts",
      "components/ui/button.tsx",
      "lib/last-in-block.ts",
    ]);
    expect(comments.map((c) => c.line)).toEqual([1, 2, 5, 6]);
  });
});

describe("issue numbers in the docs, comments and test titles", () => {
  it("README.md and docs/*.md name none of this project's", () => {
    const named = docs.flatMap((p) => issueMentions(p.text).map((m) => `${p.file}:${p.line}: ${m}`));
    expect(named).toEqual([]);
  });

  it("comments of source files name none of this project's either", () => {
    const named = allProse()
      .filter((p) => p.file !== "README.md" && !p.file.startsWith("docs/"))
      .flatMap((p) => p.text.split("\n").flatMap((l, i) => issueMentions(l).map((m) => `${p.file}:${p.line + i}: ${m}`)));
    expect(named).toEqual([]);
  }, 120_000);

  it("test titles name none of this project's either", () => {
    const named = testTitleProse(files).flatMap((p) => issueMentions(p.text).map((m) => `${p.file}:${p.line}: ${m}`));
    expect(named).toEqual([]);
  });

  it("reads the titles of tests and groups", () => {
    const text = [
      `describe("the list (issue 24)", () => {`,
      `  it("shows it", () => {});`,
      "  it.each([1, 2])(`row %s`, () => {});",
      `  test.describe("readiness", () => {});`,
      `  expect("not a title").toBe("x");`,
      `});`,
    ].join("\n");
    expect(testTitlesOf(text).map((t) => [t.line, t.text])).toEqual([
      [1, `"the list (issue 24)"`],
      [2, `"shows it"`],
      [3, "`row %s`"],
      [4, `"readiness"`],
    ]);
  });

  it("tells this project's numbers from other projects' and from other uses of #", () => {
    expect(issueMentions("Send settings (issue 24, part 1)")).toEqual(["issue 24"]);
    expect(issueMentions("since Issue #21; see #41 and issues 3 and 12")).toEqual(["Issue #21", "#41", "issues 3 and 12"]);
    expect(issueMentions("(#7) first")).toEqual(["#7"]);
    expect(
      issueMentions(
        'documenso #844, DocuSeal #15, (docuseal #481), "documenso #844", DocuSeal\'s #15, RFC 3161, PKCS#12, &#60;script&#62;, `Signature #2`, `#00`, /J#61vaScript, ISO 32000-2',
      ),
    ).toEqual([]);
  });
});
