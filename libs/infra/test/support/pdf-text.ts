import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** The text of a PDF: each page's text, and all pages joined by a newline. */
export interface PdfText {
  pages: string[];
  text: string;
}

// pdf.js ships as ES modules only, and jest runs the tests as CommonJS in a vm where import() is
// refused unless node runs with --experimental-vm-modules. So the extraction runs in a plain node
// child process: the PDF goes in on stdin, the pages' text comes back as JSON on stdout.
const EXTRACT_SCRIPT = `
const { getDocument } = await import(process.argv[1]);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0, isEvalSupported: false }).promise;
const pages = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const content = await (await pdf.getPage(n)).getTextContent();
  pages.push(content.items.map((item) => (item.str ?? '') + (item.hasEOL ? '\\n' : '')).join(''));
}
process.stdout.write(JSON.stringify(pages));
`;

const PDFJS = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;

/**
 * Extracts the text of a PDF with pdf.js (the reader in Firefox), page by page, with runs of
 * whitespace (line ends included) collapsed into one space. Text wrapped over several lines comes
 * back with a space at each wrap; compare with whitespace removed to find it whole.
 */
export function extractPdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '--eval', EXTRACT_SCRIPT, PDFJS],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`pdf.js could not read the PDF: ${stderr || error.message}`));
        const pages = (JSON.parse(stdout) as string[]).map(normaliseWhitespace);
        resolve({ pages, text: pages.join('\n') });
      },
    );
    child.stdin?.end(pdf);
  });
}

function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
