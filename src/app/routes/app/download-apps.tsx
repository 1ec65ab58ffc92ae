import { AppDownloads } from '../../../features/download-apps/index.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** Download apps (route download-apps-id): the app download block as a page. */
export function DownloadAppsPage() {
  usePageTitle('Download apps');
  return <AppDownloads headingLevel="h1" />;
}

export { DownloadAppsPage as Component };
