// The smallest file the file service takes as a PDF (its header and end marker, no page): what a test uploads or
// stores where only a PDF's being there matters — a receipt, a scan, a condition's evidence, a fixture's document.
export const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
