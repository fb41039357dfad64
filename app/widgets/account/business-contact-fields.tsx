/**
 * The business name and the ways to reach a seller, as their menus show
 * them: offered at seller sign-up (all optional there, so signing up asks
 * for no more than any account does) and asked, the name required, of a
 * seller who has none yet before their first menu is shared.
 */
import type { SellerContact } from '../../../sync/entities/user';
import { Field, Input, invalidProps } from '../../components/ui/form-controls';

export type BusinessContactValues = { [K in keyof SellerContact]-?: string };

export const EMPTY_BUSINESS_CONTACT: BusinessContactValues = { businessName: '', phoneNumber: '', contactInfo: '' };

export function BusinessContactFields({
  idPrefix,
  values,
  onChange,
  errors = {},
  businessNameOptional = false,
}: {
  idPrefix: string;
  values: BusinessContactValues;
  onChange: (values: BusinessContactValues) => void;
  errors?: Partial<Record<keyof BusinessContactValues, string>>;
  businessNameOptional?: boolean;
}) {
  const field = (name: keyof BusinessContactValues, label: string, input: { type: string; autoComplete: string; hint?: string }) => {
    const id = `${idPrefix}-${name}`;
    return (
      <Field id={id} label={label} error={errors[name]} hint={input.hint}>
        <Input
          id={id}
          type={input.type}
          autoComplete={input.autoComplete}
          value={values[name]}
          onChange={(event) => onChange({ ...values, [name]: event.target.value })}
          {...invalidProps(id, errors[name])}
        />
      </Field>
    );
  };
  return (
    <>
      {businessNameOptional
        ? field('businessName', 'Business name (optional)', { type: 'text', autoComplete: 'organization', hint: 'Shown on every menu you share. You can add it later.' })
        : field('businessName', 'Business name', { type: 'text', autoComplete: 'organization', hint: 'Shown on every menu you share.' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('phoneNumber', 'Phone number (optional)', { type: 'tel', autoComplete: 'tel' })}
        {field('contactInfo', 'Contact email (optional)', { type: 'email', autoComplete: 'email' })}
      </div>
    </>
  );
}
