import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The PDF as a reader sees it (pdf.js): its page count and its text, a line per text run. */
export async function readPdf(pdf: Buffer | Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  try {
    const lines: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) if ('str' in item) lines.push(item.str);
    }
    return { pages: doc.numPages, text: lines.join('\n') };
  } finally {
    await doc.destroy();
  }
}
