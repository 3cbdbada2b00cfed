// Read-only documents the extension shows (a diff report's details), served from memory under
// the `autofix-report` scheme: they open as Markdown and close without asking to be saved.
import * as vscode from 'vscode';

const SCHEME = 'autofix-report';
/** How many reports are kept for their tabs; older ones show empty once evicted. */
const KEEP = 20;
const reports = new Map<string, string>();
let shown = 0;

export function registerReportDocuments(): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
    provideTextDocumentContent: (uri) => reports.get(uri.toString()) ?? '',
  });
}

/** Opens `markdown` in a preview tab titled `title`. */
export async function showReport(title: string, markdown: string): Promise<void> {
  shown += 1;
  const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${title}.md`, query: String(shown) });
  reports.set(uri.toString(), markdown);
  while (reports.size > KEEP) reports.delete(reports.keys().next().value as string);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: true });
}
