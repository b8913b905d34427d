/** The export download lives in shared/api: the finance queues export their selection with it. */
export { downloadExport } from '../../../shared/api/download-export';
