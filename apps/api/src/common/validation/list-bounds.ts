import { FieldIssue } from '@oms/domain';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import { wireFieldPath } from '../http/wire-case';

type Dto = new () => object;

interface ListRule {
  property: string;
  /** The list's `ArrayMaxSize`, when it has one. */
  max: number | undefined;
  /** The record type of a nested field (`@Nested`), whose own lists are checked in turn. */
  nested: Dto | undefined;
}

const rulesByDto = new Map<Dto, ListRule[]>();

/** The DTO's fields that bound a list or hold nested records, read once from the rules' metadata. */
function listRulesOf(dto: Dto): ListRule[] {
  let rules = rulesByDto.get(dto);
  if (!rules) {
    const byProperty = new Map<string, ListRule>();
    for (const meta of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
      const nested = defaultMetadataStorage.findTypeMetadata(dto, meta.propertyName)?.typeFunction() as Dto | undefined;
      const max = meta.name === 'arrayMaxSize' ? Number(meta.constraints[0]) : undefined;
      if (max === undefined && !nested) continue;
      const rule = byProperty.get(meta.propertyName) ?? { property: meta.propertyName, max: undefined, nested };
      rule.max ??= max;
      byProperty.set(meta.propertyName, rule);
    }
    rules = [...byProperty.values()];
    rulesByDto.set(dto, rules);
  }
  return rules;
}

/**
 * Lists longer than their bound (`ArrayMaxSize`), found before class-transformer and class-validator
 * walk them: both visit every item, so 100,000 empty order lines in a 300 KB body held the event loop
 * for 8 s to say "at most 100". A list past its bound is answered alone (422 `max`), its items unread;
 * lists within bounds are walked for the lists inside their records. Paths are the wire's.
 */
export function overlongLists(dto: Dto, value: unknown, path = '', issues: FieldIssue[] = []): FieldIssue[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return issues;
  for (const { property, max, nested } of listRulesOf(dto)) {
    const field = (value as Record<string, unknown>)[property];
    const at = path ? `${path}.${property}` : property;
    if (Array.isArray(field) && max !== undefined && field.length > max) issues.push({ field: wireFieldPath(at), errorCode: 'max', params: { max } });
    else if (nested && Array.isArray(field)) field.forEach((item, i) => overlongLists(nested, item, `${at}.${i}`, issues));
    else if (nested) overlongLists(nested, field, at, issues);
  }
  return issues;
}
