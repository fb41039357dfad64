/**
 * The product specification's own words, read from the file itself so a test holds the app to the text as it
 * stands: the sign-up and sign-in checks with their messages in order (section 5), the auth modal's role choice
 * (section 2), its success message and where a new account lands (section 4), and the top navigation bar's parts
 * and menus (section 2). The specification is kept beside the checkout, as `../shared/SPEC.md`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SPEC_PATH = path.resolve(REPO_ROOT, '../shared/SPEC.md');

export function readSpec(): string {
  if (!existsSync(SPEC_PATH)) {
    throw new Error(`The specification is missing: expected it at ${SPEC_PATH} (../shared/SPEC.md beside the checkout). These tests read its words and cannot run without it.`);
  }
  return readFileSync(SPEC_PATH, 'utf8');
}

/** What a pattern found, or a failure that says which words of the specification could not be found. */
function found(match: RegExpMatchArray | null, what: string): RegExpMatchArray {
  if (!match) throw new Error(`The specification (${SPEC_PATH}) no longer reads as this test expects: ${what} not found.`);
  return match;
}

/** The text under a heading (`## 5. Validation rules`, `### Top navigation bar ...`), up to the next heading of its level or above. */
function sectionOf(spec: string, heading: string): string {
  const lines = spec.split('\n');
  const start = lines.findIndex((line) => /^#{2,3} /.test(line) && line.replace(/^#+ /, '').startsWith(heading));
  if (start < 0) found(null, `the heading '${heading}'`);
  const level = lines[start]!.match(/^#+/)![0].length;
  const end = lines.findIndex((line, index) => index > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

export type FormRule = {
  /** The message the form shows, as the specification quotes it. */
  message: string;
  /** The field the rule is about: the message's words before 'is required' or 'must'. */
  field: string;
  signUpOnly: boolean;
  /** For a length rule, the length asked. */
  minLength: number | null;
};

/** Section 5's 'Sign in and sign up, checked in this order' list. */
export function signInAndSignUpRules(spec: string): FormRule[] {
  const section = sectionOf(spec, '5. Validation rules');
  const list = found(section.match(/Sign in and sign up, checked in this order:\n((?:\d+\. .*\n?)+)/), "section 5's list 'Sign in and sign up, checked in this order'");
  return list[1]!
    .trim()
    .split('\n')
    .map((line) => {
      const message = found(line.match(/'([^']+)'\.?\s*$/), `a quoted message in '${line}'`)[1]!;
      const field = found(message.match(/^(.+?) (?:is required|must )/), `the field of the message '${message}'`)[1]!;
      const length = message.match(/at least (\d+) characters/);
      return { message, field, signUpOnly: /^\d+\. Sign-up only/.test(line), minLength: length ? Number(length[1]) : null };
    });
}

/** Section 2's role choice of the auth modal: each role with the words that describe it. */
export function signUpRoleChoices(spec: string): Array<{ role: string; words: string }> {
  const modal = sectionOf(spec, 'Auth modal');
  const choice = found(modal.match(/a role choice between (.+)$/m), "the auth modal's role choice")[1]!;
  return [...choice.matchAll(/(\w+) \('([^']+)'/g)].map((match) => ({ role: match[1]!, words: match[2]! }));
}

/** Section 4: the auth modal's message on creating an account, and the dashboard each role lands on. */
export function signUpOutcome(spec: string): { message: string; dashboards: Record<string, string> } {
  const states = sectionOf(spec, '4. States and transitions');
  const message = found(states.match(/or '([^']+)'\), close after/), "the auth modal's message on creating an account")[1]!;
  const routes = found(states.match(/otherwise to the role's dashboard: (.+?)\.$/m), "the role's dashboards after sign-up")[1]!;
  const dashboards = Object.fromEntries([...routes.matchAll(/(\w+) to (\/[\w/-]+)/g)].map((match) => [match[1]!, match[2]!]));
  return { message, dashboards };
}

export type TopBarWords = {
  productNameTo: string;
  notifications: string;
  profileTo: string;
  logout: string;
  menus: Record<'seller' | 'buyer', Array<{ label: string; to: string }>>;
};

/** Section 2's 'Top navigation bar': its parts and the seller's and buyer's menus. */
export function topBarWords(spec: string): TopBarWords {
  const bar = sectionOf(spec, 'Top navigation bar');
  const menu = (role: string) => {
    const items = found(bar.match(new RegExp(`${role} menu: ([^.]+)\\.`)), `the ${role.toLowerCase()} menu of the top bar`)[1]!;
    return [...items.matchAll(/([A-Z][\w ]*?) \((\/[^)]*)\)/g)].map((match) => ({ label: match[1]!, to: match[2]! }));
  };
  return {
    productNameTo: found(bar.match(/Product name \(to (\/[^)]*)\)/), "the top bar's product name")[1]!,
    notifications: found(bar.match(/a (notifications) button/), "the top bar's notifications button")[1]!,
    profileTo: found(bar.match(/a profile link \(to (\/[^)]*)\) showing the display name and an avatar with the first initial/), "the top bar's profile link")[1]!,
    logout: found(bar.match(/and a (\w+) button\./), "the top bar's Logout button")[1]!,
    menus: { seller: menu('Seller'), buyer: menu('Buyer') },
  };
}
