import { adminExportApi, type ExportQuery } from '@dramastar/contract';
import { queryString, refusalText } from './request';
import { useSession } from '../session/session';

/**
 * Downloads an export (`GET /admin-api/export/csv`): the server streams the CSV; the browser keeps
 * it as a file and saves it under the server's file name. A refusal is thrown as its message.
 */
export async function downloadExport(query: ExportQuery): Promise<string> {
  const token = useSession.getState().token;
  const url = `${adminExportApi.exportCsv.prefix}${adminExportApi.exportCsv.path}${queryString(query)}`;
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({ code: res.status, msg: res.statusText }))) as Parameters<
      typeof refusalText
    >[0];
    throw new Error(refusalText(body));
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const blob = await res.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  return name;
}
