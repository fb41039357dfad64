import { toast } from './toast-store';

export function menuLink(publicLinkId: string): string {
  return `${window.location.origin}/menu/${publicLinkId}`;
}

/** Copies a menu's public link and confirms with a 'Link copied!' toast. */
export async function copyMenuLink(publicLinkId: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(menuLink(publicLinkId));
    toast({ title: 'Link copied!', description: menuLink(publicLinkId), variant: 'success' });
  } catch {
    toast({ title: 'Error', description: 'Could not copy the link. Copy it from the address bar of the preview.', variant: 'destructive' });
  }
}
