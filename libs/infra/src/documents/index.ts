export { orderSheetCsv } from './order-sheet';
export type { OrderSheetContent, OrderSheetCsvEncoding, OrderSheetLine } from './order-sheet';
export { renderOrderSheetPdf, yen } from './order-sheet-pdf';
export * from './estimate-document';
