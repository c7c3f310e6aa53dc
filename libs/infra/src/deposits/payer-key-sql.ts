import { PAYER_KEY_STEPS, PayerKeyStep } from '@oms/domain';

/** Characters a reader of the SQL would not see (controls, line and zero-width spaces): written as `\uXXXX`. */
function isInvisible(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0xa0) || [0x200b, 0x2028, 0x2029, 0x3000, 0xfeff].includes(code);
}

/** A PostgreSQL escape-string literal, so it reads the same whatever standard_conforming_strings says. */
function literal(text: string): string {
  let escaped = '';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    escaped += c === '\\' || c === "'" ? `\\${c}` : isInvisible(code) ? `\\u${code.toString(16).padStart(4, '0')}` : c;
  }
  return `E'${escaped}'`;
}

/** A bracket expression of PostgreSQL's regular expressions matching any one of `characters`. */
function anyOf(characters: string): string {
  return `[${characters.replace(/[\\\]^[-]/g, (c) => `\\${c}`)}]`;
}

function stepSql(step: PayerKeyStep, text: string): string {
  if (step.kind === 'replace') return `regexp_replace(${text},\n    ${literal(step.pattern)}, ${literal(step.replacement)}, 'g')`;
  const translated = `translate(${text}, ${literal(step.from)}, ${literal(step.to)})`;
  // translate() walks all of `from` for every character; a regular expression tests for them at once.
  // The guard writes (and computes) its input twice: cheap for the first step, normalize() alone.
  return step.seldom ? `CASE WHEN ${text} ~ ${literal(anyOf(step.from))} THEN ${translated} ELSE ${text} END` : translated;
}

/**
 * `deposit_payer_key(name)`: the domain's payerNameKey in SQL, so that matching deposits to orders by
 * payer name is one set-based query (and an expression index or a generated column can hold the orders'
 * keys). Generated from the domain's PAYER_KEY_STEPS after normalize(NFKC), so the two cannot drift
 * apart (libs/infra/test/deposits/payer-key.int-spec.ts). normalize() needs a UTF8 database.
 */
export function payerKeyFunctionSql(): string {
  const expression = PAYER_KEY_STEPS.reduce((text, step) => stepSql(step, text), 'normalize($1, NFKC)');
  return `CREATE OR REPLACE FUNCTION deposit_payer_key(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT ${expression}
$$`;
}
