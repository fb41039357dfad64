/**
 * Settings → Metrc (docs/metrc.md): an owner or a manager connects the team to its facility in Metrc with their
 * Metrc user key, sees what the key may do there and when the packages were last read (and why not, when that
 * failed), reads them now, connects another key, or disconnects. Connecting needs a
 * connection (Metrc checks the key); the connection as last read shows offline.
 */
import { useState } from 'react';
import { apiReads } from '../../../sync/contract/api-reads';
import type { MetrcConnection, MetrcPackageList, MetrcPermissions } from '../../../sync/entities/metrc';
import { PageBody, PageHeader, Section } from '../../components/page/page-header';
import { Button } from '../../components/ui/button';
import { Card, Spinner } from '../../components/ui/card';
import { CannotReachServer } from '../../components/cannot-reach-server';
import { apiRequest, messageOf } from '../../lib/api-client';
import { askToConfirm } from '../../lib/confirm-store';
import { useConnectivity } from '../../lib/connectivity';
import { useDocumentTitle } from '../../lib/document-title';
import { useServerRead } from '../../lib/server-read/use-server-read';
import { useTeamAllowances } from '../../lib/team-role';
import { toast } from '../../lib/toast-store';
import { MetrcConnectForm } from './metrc-connect-form';

const PERMISSION_LABELS: Record<keyof MetrcPermissions, string> = {
  viewPackages: 'Read packages',
  viewLabResults: 'Read lab results',
  manageTransferTemplates: 'Make transfer templates',
};

const packageCountText = (count: number) => (count === 1 ? '1 active package' : `${count.toLocaleString()} active packages`);

export function MetrcSettingsPage() {
  useDocumentTitle('Metrc');
  const { manageIntegrations } = useTeamAllowances();
  return (
    <PageBody>
      <PageHeader title="Metrc" subtitle="Your facility in the state's track-and-trace system." />
      {manageIntegrations ? <MetrcConnectionPanel /> : <Card className="p-6 text-stone-700">Only an owner or a manager connects the team to Metrc.</Card>}
    </PageBody>
  );
}

function MetrcConnectionPanel() {
  const read = useServerRead(apiReads.metrcConnection(), { keepOffline: true });
  const [replacing, setReplacing] = useState(false);
  const connection = read.data;

  if (!connection) {
    if (read.error) return <CannotReachServer what="Your Metrc connection" onRetry={read.retry} />;
    return <Spinner label="Loading your Metrc connection" />;
  }
  const connected = (answer: MetrcConnection) => {
    read.replace(() => answer);
    setReplacing(false);
  };
  if (!connection.available) {
    return <Card className="p-6 text-stone-700">Metrc is not set up on this server: the operator adds a Metrc vendor key first.</Card>;
  }
  if (!connection.connected || replacing) {
    return (
      <Section id="metrc-connect" title={connection.connected ? 'Connect another key' : 'Connect to Metrc'}>
        <MetrcConnectForm onConnected={connected} onCancel={connection.connected ? () => setReplacing(false) : undefined} />
      </Section>
    );
  }
  return (
    <ConnectedFacility
      connection={connection}
      onReplace={() => setReplacing(true)}
      onRead={read.retry}
      onDisconnected={() => read.replace(() => ({ available: true, connected: false }))}
    />
  );
}

function ConnectedFacility({
  connection,
  onReplace,
  onRead,
  onDisconnected,
}: {
  connection: Extract<MetrcConnection, { connected: true }>;
  onReplace: () => void;
  onRead: () => void;
  onDisconnected: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const online = useConnectivity((state) => state.connection === 'online');

  async function readNow() {
    setBusy(true);
    try {
      const list = await apiRequest<MetrcPackageList>('POST', '/api/metrc/refresh');
      toast({ title: 'Packages read from Metrc', description: packageCountText(list.packages.length), variant: 'success' });
    } catch (error) {
      toast({ title: 'Metrc could not be read', description: messageOf(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
      onRead();
    }
  }

  async function disconnect() {
    const confirmed = await askToConfirm({
      title: 'Disconnect Metrc?',
      description: 'The key is forgotten here; nothing changes in Metrc. Connect again at any time with a key.',
      confirmLabel: 'Disconnect',
      destructive: true,
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await apiRequest('DELETE', '/api/integrations/metrc');
      toast({ title: 'Metrc disconnected', variant: 'success' });
      onDisconnected();
    } catch (error) {
      toast({ title: 'Metrc could not be disconnected', description: messageOf(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section id="metrc-connected" title="Connected">
      <Card className="grid gap-4 p-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">Facility</dt>
          <dd className="font-medium text-stone-900">{connection.facilityName}</dd>
          <dt className="text-stone-600">Licence</dt>
          <dd>{connection.licenseNumber}</dd>
          <dt className="text-stone-600">State</dt>
          <dd>{connection.state}</dd>
          <dt className="text-stone-600">Connected</dt>
          <dd>{new Date(connection.connectedAt).toLocaleString()}</dd>
          <dt className="text-stone-600">Packages read</dt>
          <dd data-testid="metrc-packages-read">{connection.packagesReadAt ? new Date(connection.packagesReadAt).toLocaleString() : 'Not yet'}</dd>
        </dl>
        {connection.readFailure && (
          <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            The last read of the packages failed: {connection.readFailure} The products keep working with what was read before.
          </p>
        )}
        <div>
          <h3 className="text-sm font-semibold text-stone-900">What this key may do</h3>
          <ul aria-label="What this key may do" className="mt-1 grid gap-1 text-sm">
            {(Object.keys(PERMISSION_LABELS) as (keyof MetrcPermissions)[]).map((permission) => (
              <li key={permission} className={connection.permissions[permission] ? 'text-stone-900' : 'text-stone-600'}>
                {PERMISSION_LABELS[permission]}: {connection.permissions[permission] ? 'yes' : 'no, Metrc refuses it for this key'}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void readNow()} disabled={busy || !online}>
            Read packages now
          </Button>
          <Button variant="outline" onClick={onReplace} disabled={busy}>
            Connect another key
          </Button>
          <Button variant="destructive" onClick={() => void disconnect()} disabled={busy}>
            {busy ? 'Disconnecting…' : 'Disconnect'}
          </Button>
        </div>
      </Card>
    </Section>
  );
}
