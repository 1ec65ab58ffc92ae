import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';

import { checkContact } from './contacts.ts';
import { endpoints } from './index.ts';
import { hasHiddenCharacters, textMessages } from './text.ts';

/** What the walk reads of a schema: zod keeps its kind and parts in `_zod.def`, in zod and zod/mini alike. */
interface SchemaNode {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, SchemaNode>;
      innerType?: SchemaNode;
      in?: SchemaNode;
      element?: SchemaNode;
      options?: SchemaNode[];
    };
  };
}

/** Every string field of a body whose key names a name (first_name, business_name, call_flow_filename...), by path. */
function nameFields(schema: SchemaNode, path: string, key: string, found: Map<string, SchemaNode>, depth = 0) {
  const { def } = schema._zod;
  if (depth > 12) return;
  if (def.type === 'object') {
    for (const [name, field] of Object.entries(def.shape ?? {}))
      nameFields(field, `${path}.${name}`, name, found, depth + 1);
  } else if (def.type === 'string') {
    if (/name/i.test(key)) found.set(path, schema);
  } else {
    for (const part of [def.innerType, def.in, def.element, ...(def.options ?? [])])
      if (part) nameFields(part, path, key, found, depth + 1);
  }
}

describe('the text rule for stored names', () => {
  it('refuses control characters and the direction overrides and isolates, and takes the rest of Unicode', () => {
    for (const hidden of ['\u202E', '\u202A', '\u2066', '\u2069', '\u0000', '\u0007', '\t', '\n', '\u0085'])
      expect(hasHiddenCharacters(`Acme${hidden}gnp.exe`), JSON.stringify(hidden)).toBe(true);
    for (const name of ['Zoë Brontë', 'Łódź Café', '山田 太郎', 'O’Brien & Sons 😀', 'Al-Ḥasan'])
      expect(hasHiddenCharacters(name), name).toBe(false);
  });

  it("is every request's rule for a field that names someone or something, so a new form cannot leave it out", () => {
    const found = new Map<string, SchemaNode>();
    for (const [name, endpoint] of Object.entries(endpoints))
      if (endpoint.body) nameFields(endpoint.body as unknown as SchemaNode, name, '', found);
    // Contacts are checked row by row (a CSV import keeps its good rows): checkContact holds the rule for them.
    const rowChecked = [...found.keys()].filter((path) => /^(importContacts|updateContact)\./.test(path));
    expect(rowChecked.length).toBeGreaterThan(0);
    for (const path of rowChecked) found.delete(path);
    expect(found.size).toBeGreaterThan(30);
    expect([...found.keys()]).toEqual(
      expect.arrayContaining(['patchBillingAccount.business_name', 'uploadAudioFile.audio-data.call_flow_filename']),
    );
    for (const [path, schema] of found) {
      const result = safeParse(schema as never, 'Acme\u202Egnp.exe');
      expect(result.success, path).toBe(false);
      expect(JSON.stringify(result.error?.issues), path).toContain(textMessages.hiddenCharacters);
    }
    for (const field of ['firstname', 'lastname'] as const)
      expect(checkContact({ [field]: 'Ann\u202Egnp', number: '01632 960001' })).toEqual({
        ok: false,
        errors: { firstname: textMessages.hiddenCharacters },
      });
  });
});
