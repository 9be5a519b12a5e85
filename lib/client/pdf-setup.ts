import { pdfjs } from "react-pdf";

// The worker is bundled from pdfjs-dist (the version react-pdf pins), served by this app: no CDN.
pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url).toString();

export { pdfjs };
