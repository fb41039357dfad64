/**
 * File names in kebab-case: lower-case words and digits joined by hyphens, each dot-separated part alike
 * (`order-page.tsx`, `house-rules.test.ts`), so a name reads the same on every file system and in every import.
 */
import path from 'node:path';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'suggestion', docs: { description: 'Name source files in kebab-case.' }, schema: [] },
  create(context) {
    const name = path.basename(context.filename);
    return {
      Program(node) {
        if (!KEBAB.test(name)) context.report({ node, message: `The file name '${name}' is not kebab-case: use lower-case words joined by hyphens.` });
      },
    };
  },
};

export default { rules: { 'file-names': rule } };
