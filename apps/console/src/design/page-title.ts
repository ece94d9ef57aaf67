import { useEffect } from 'react';

/** Each page names itself in the tab and for screen readers that announce the title on navigation. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Governance console`;
  }, [title]);
}
