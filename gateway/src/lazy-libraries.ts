// The spreadsheet and PDF libraries are loaded with the first export, import or document that needs them,
// not when the gateway starts: loaded, they hold tens of megabytes of the gateway's memory, and most of the
// day nobody exports or prints anything.
import type ExcelJSModule from 'exceljs';
import type PDFKit from 'pdfkit';

let excel: Promise<typeof ExcelJSModule> | undefined;
let pdfkit: Promise<typeof PDFKit> | undefined;

export function loadExcel(): Promise<typeof ExcelJSModule> {
  excel ??= import('exceljs').then((m) => m.default);
  return excel;
}

export function loadPdfKit(): Promise<typeof PDFKit> {
  pdfkit ??= import('pdfkit').then((m) => m.default);
  return pdfkit;
}
