/** Opening a supplier's menu from the link or code they shared. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageBody, PageHeader } from '../../components/page/page-header';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/form-controls';

const LINK_ID_PATTERN = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

export function BrowsePage() {
  const navigate = useNavigate();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string>();

  function open(event: FormEvent) {
    event.preventDefault();
    const linkId = LINK_ID_PATTERN.exec(link)?.[1];
    if (!linkId) {
      setError('Paste the full menu link your supplier sent you.');
      return;
    }
    navigate(`/menu/${linkId}`);
  }

  return (
    <PageBody>
      <PageHeader title="Browse Menus" subtitle="Open a menu a supplier shared with you, then save it to your account." />
      <Card className="p-4">
        <form onSubmit={open} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field id="menu-link" label="Menu link" error={error}>
            <Input id="menu-link" inputMode="url" placeholder="https://…/menu/…" value={link} onChange={(event) => setLink(event.target.value)} />
          </Field>
          <Button type="submit">Open menu</Button>
        </form>
      </Card>
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
        <p className="text-stone-700">Want to see what a menu looks like first?</p>
        <a href="/menu/sample" className={buttonClasses('outline')}>
          View Sample Menu
        </a>
      </Card>
    </PageBody>
  );
}
