/** The builder's settings: name, description, access type, when the link expires and the price list it is priced by. */
import type { Ref } from 'react';
import type { PriceList } from '../../../sync/entities/price-list';
import type { FieldErrors } from '../../../sync/contract/errors';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, invalidProps, Select, Textarea } from '../../components/ui/form-controls';
import { useTeamAllowances } from '../../lib/team-role';
import type { MenuSettings } from './use-menu-draft';

export function MenuSettingsCard({
  ref,
  settings,
  onChange,
  errors,
  priceLists,
}: {
  ref: Ref<HTMLDivElement>;
  settings: MenuSettings;
  onChange: (changes: Partial<MenuSettings>) => void;
  errors: FieldErrors;
  priceLists: readonly PriceList[];
}) {
  const { name, description, isPublic, expiresInput, priceListId } = settings;
  const { editPriceLists } = useTeamAllowances();
  return (
    <Card ref={ref} className="grid grid-cols-1 gap-4 p-4">
      <h2 className="font-semibold">Menu settings</h2>
      <Field id="menu-name" label="Menu name" error={errors.name}>
        <Input id="menu-name" value={name} onChange={(event) => onChange({ name: event.target.value })} {...invalidProps('menu-name', errors.name)} />
      </Field>
      <Field id="menu-description" label="Description" error={errors.description}>
        <Textarea
          id="menu-description"
          value={description}
          onChange={(event) => onChange({ description: event.target.value })}
          {...invalidProps('menu-description', errors.description)}
        />
      </Field>
      <Field id="menu-access" label="Access type">
        <Select id="menu-access" value={isPublic ? 'public' : 'private'} onChange={(event) => onChange({ isPublic: event.target.value === 'public' })}>
          <option value="private">Private Link Only</option>
          <option value="public">Public Listing</option>
        </Select>
      </Field>
      <Field id="menu-link-expires" label="Link expires" error={errors.linkExpiresAt} hint="Empty: the link never expires. After this time it answers Menu Not Found.">
        <div className="flex flex-wrap gap-2">
          <Input
            id="menu-link-expires"
            type="datetime-local"
            className="w-auto"
            value={expiresInput}
            onChange={(event) => onChange({ expiresInput: event.target.value })}
            {...invalidProps('menu-link-expires', errors.linkExpiresAt)}
          />
          {expiresInput && (
            <Button size="sm" variant="ghost" onClick={() => onChange({ expiresInput: '' })}>
              Never expire
            </Button>
          )}
        </div>
      </Field>
      <Field
        id="menu-price-list"
        label="Price list"
        error={errors.priceListId}
        hint={
          editPriceLists ? 'Everyone who opens this link gets these prices; a customer with a list of their own gets theirs.' : 'Only owners and managers choose the price list.'
        }
      >
        <Select id="menu-price-list" value={priceListId} disabled={!editPriceLists} onChange={(event) => onChange({ priceListId: event.target.value })}>
          <option value="">None: list prices</option>
          {priceLists.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name}
            </option>
          ))}
        </Select>
      </Field>
    </Card>
  );
}
