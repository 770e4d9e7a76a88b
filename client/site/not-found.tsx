import { NotFound } from '../components/not-found';
import { PublicLayout } from '../components/public-layout';

/** Any path without a public page: the Not Found card inside the site's header and footer. */
export function SiteNotFound() {
  return (
    <PublicLayout>
      <NotFound />
    </PublicLayout>
  );
}
