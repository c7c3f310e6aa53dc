import { ArgumentMetadata, Injectable, PipeTransform, ValidationPipe } from '@nestjs/common';
import { FieldIssue, FieldValidationError, unprintableCharacters } from '@oms/domain';
import type { ValidationError } from 'class-validator';
import { wireFieldPath } from '../http/wire-case';
import { Check, compileCheck } from './compiled-check';
import { overlongLists } from './list-bounds';
import { transformOptionsFor, ValueSource } from './rules';

/** How a refused character is named to the user: itself when it is a picture (an emoji), its code point when it is invisible. */
function nameOf(character: string): string {
  return /\p{Extended_Pictographic}/u.test(character) ? character : `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Turns class-validator's tree into one issue per failing field, with dotted, indexed wire paths.
 * Collected into one list (not spread into push: a list of 200,000 bad items overflowed the stack).
 */
export function fieldIssuesOf(errors: ValidationError[], parent = '', issues: FieldIssue[] = []): FieldIssue[] {
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const names = Object.keys(error.constraints ?? {});
    if (names.length) {
      const chosen = names.find((n) => error.contexts?.[n]?.errorCode === 'required') ?? names[0];
      const context = error.contexts?.[chosen] as
        | { errorCode?: string; params?: Record<string, string | number>; multiline?: boolean; perItem?: (items: unknown[]) => FieldIssue[] }
        | undefined;
      // A rule over a list of plain values (TextItems) names each failing item by its index.
      if (context?.perItem && Array.isArray(error.value)) {
        for (const item of context.perItem(error.value)) issues.push({ ...item, field: wireFieldPath(`${path}.${item.field}`) });
        if (error.children?.length) fieldIssuesOf(error.children, path, issues);
        continue;
      }
      const errorCode = context?.errorCode ?? 'invalid';
      // Which characters cannot be printed is worked out from the value, which is never echoed otherwise.
      const params =
        errorCode === 'unprintable' && typeof error.value === 'string'
          ? { chars: unprintableCharacters(error.value, { multiline: context?.multiline }).map(nameOf).join(' ') }
          : context?.params;
      issues.push({ field: wireFieldPath(path), errorCode, ...(params ? { params } : {}) });
    }
    if (error.children?.length) fieldIssuesOf(error.children, path, issues);
  }
  return issues;
}

function pipeFor(source: ValueSource): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: true,
    transformOptions: transformOptionsFor(source),
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => new FieldValidationError(fieldIssuesOf(errors)),
  });
}

/**
 * The one validation pipe: unknown fields are dropped, every failing field is answered at once (422),
 * except that a list past its bound is answered alone, before anything walks its items (list-bounds.ts).
 * A JSON body keeps its types; query strings and route parameters are text (see `ValueSource`).
 */
@Injectable()
export class WireValidationPipe implements PipeTransform {
  private readonly json = pipeFor('json');
  private readonly text = pipeFor('text');
  /** Each flat DTO class's rules, compiled once per source (compiled-check.ts). */
  private readonly compiled = { json: new Map<unknown, Check>(), text: new Map<unknown, Check>() };

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const overlong = typeof metadata.metatype === 'function' ? overlongLists(metadata.metatype as new () => object, value) : [];
    if (overlong.length) throw new FieldValidationError(overlong);
    return this.passed(value, metadata) ?? (metadata.type === 'body' ? this.json : this.text).transform(value, metadata);
  }

  /**
   * A flat value (a query, route parameters, a body of plain fields) checked by its class's compiled
   * rules: the very @Transform and constraint functions the libraries run, without walking their
   * metadata on every request (class-validator's metadata lookup was the largest single cost of a
   * chat poll: docs/benchmarks.md "Chat polling"). Null when it does not pass or is not flat: then the
   * libraries answer, with their messages.
   */
  private passed(value: unknown, metadata: ArgumentMetadata): object | null {
    const cls = metadata.metatype;
    if (metadata.type === 'custom' || typeof cls !== 'function' || PRIMITIVES.has(cls)) return null;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    const source: ValueSource = metadata.type === 'body' ? 'json' : 'text';
    let check = this.compiled[source].get(cls);
    if (!check) {
      check = compileCheck(cls as new () => object, transformOptionsFor(source));
      this.compiled[source].set(cls, check);
    }
    return check(value as Record<string, unknown>);
  }
}

const PRIMITIVES = new Set<unknown>([String, Number, Boolean, Array, Object]);

export function createValidationPipe(): WireValidationPipe {
  return new WireValidationPipe();
}
