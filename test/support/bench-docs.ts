/** The documents the benchmarks measure, shared with the tests that check they are read right. */

export const BENCH_PAGES = 300;
const PAGES = BENCH_PAGES;
const LOREM =
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.";

/** `tag`, when given, is written on the first page: a file whose text (and so text layer) is its own. */
export function benchmarkHtml(tag?: string): string {
  let html = `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:"DejaVu Serif",serif;font-size:11pt}.p{page-break-after:always}</style></head><body>`;
  for (let p = 0; p < PAGES; p++) {
    html += `<div class="p">`;
    if (p === 0 && tag) html += `<p>${tag}</p>`;
    for (let i = 0; i < 8; i++) html += `<p>${LOREM} ${LOREM}</p>`;
    html += `<p>Signature: {{s1|signature|120|40}} Date: <span style="color:#fff">{{s1|date}}</span></p></div>`;
  }
  return html + "</body></html>";
}
