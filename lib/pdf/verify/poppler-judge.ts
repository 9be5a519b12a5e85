/**
 * The second, independent judge of what follows a seal: poppler draws (pdftoppm, 18 dpi, grey) and
 * reads (pdftotext) the revision the seal signed and the whole file, and every page must come out the
 * same. It reads each file as viewers do, with a program of its own, so a reading of the objects that
 * differs from poppler's cannot make a changed page pass unseen.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runPoppler } from "../poppler";

const TIMEOUT_MS = 20_000;

interface Drawn {
  images: Buffer[];
  texts: string[];
}

async function draw(dir: string, name: string, pdf: Uint8Array): Promise<Drawn> {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const prefix = path.join(dir, name);
  await runPoppler("pdftoppm", ["-r", "18", "-gray", file, prefix], { timeoutMs: TIMEOUT_MS, doing: "draw" });
  const images = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith(".pgm"))
    .sort((a, b) => Number(/-(\d+)\.pgm$/.exec(a)?.[1]) - Number(/-(\d+)\.pgm$/.exec(b)?.[1]))
    .map((f) => fs.readFileSync(path.join(dir, f)));
  const text = Buffer.from(await runPoppler("pdftotext", ["-enc", "UTF-8", file, "-"], { timeoutMs: TIMEOUT_MS })).toString(
    "utf8",
  );
  const texts = text.split("\f");
  if (texts.at(-1)?.trim() === "") texts.pop();
  return { images, texts };
}

/** How the whole file, as poppler draws and reads it, differs from its first `end` bytes; empty when it does not. */
export async function popplerDisagreements(bytes: Uint8Array, end: number): Promise<string[]> {
  if (end >= bytes.length) return [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-verify-"));
  try {
    const signed = await draw(dir, "signed", bytes.subarray(0, end));
    const now = await draw(dir, "file", bytes);
    const problems: string[] = [];
    if (signed.images.length !== now.images.length)
      problems.push(
        `Poppler draws ${now.images.length} page${now.images.length === 1 ? "" : "s"} in the file, ${signed.images.length} in the revision the seal signed`,
      );
    const pages = Math.min(signed.images.length, now.images.length);
    for (let i = 0; i < pages && problems.length < 8; i++) {
      if (!signed.images[i]!.equals(now.images[i]!))
        problems.push(`Page ${i + 1} is drawn differently in the file than in the revision the seal signed (poppler)`);
      else if ((signed.texts[i] ?? "") !== (now.texts[i] ?? ""))
        problems.push(`Page ${i + 1}'s text differs between the file and the revision the seal signed (poppler)`);
    }
    return problems;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
