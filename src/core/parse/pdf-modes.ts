// How the service reads a PDF (ParseOptions.parsers[].mode): its text layer only, the text layer
// and recognition where a page has none, or recognition on every page. Here, not with the request
// check, so the editor's steps can offer them without loading the API client.
export const PDF_MODES = ['fast', 'auto', 'ocr'] as const;
export type PdfMode = (typeof PDF_MODES)[number];
