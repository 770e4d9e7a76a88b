/**
 * Contact imports, one module per job — reading a file's header into a mapping (import-mapping.ts),
 * upload, preview and start (import-upload.ts), the job that writes the rows (import-job.ts, reading
 * each through import-rows.ts), and progress, listing and error files (import-status.ts) — answered
 * from one place for the doors, the job runner and tests.
 */
export { IMPORT_JOB, ImportFailure, markImportFailed, runImport, type ImportJobData, type RunImportOptions, type RunImportResult } from './import-job';
export { getImport, importErrorsCsv, listImports } from './import-status';
export { decodeUpload, previewImport, startImport } from './import-upload';
