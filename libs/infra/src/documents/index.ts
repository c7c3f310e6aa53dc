export { orderSheetCsv } from './order-sheet';
export type { OrderSheetContent, OrderSheetCsvEncoding, OrderSheetLine } from './order-sheet';
export { renderOrderSheetPdf } from './order-sheet-pdf';
export { yen } from './pdf-kit';
export * from './estimate-document';
export { estimateNumber, renderEstimatePdf } from './estimate-pdf';
export { renderDefaultSeal } from './company-seal';
export type { PrintDocumentContent, PrintDocumentCopy, PrintDocumentLine, PrintDocumentParty, PrintDocumentTaxRow } from './print-document';
export { renderPrintDocumentsPdf } from './print-document-pdf';
