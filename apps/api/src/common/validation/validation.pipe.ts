import { ValidationPipe } from '@nestjs/common';
import { FieldIssue, FieldValidationError } from '@oms/domain';
import type { ValidationError } from 'class-validator';
import { wireFieldPath } from '../http/wire-case';

/** Turns class-validator's tree into one issue per failing field, with dotted, indexed wire paths. */
export function fieldIssuesOf(errors: ValidationError[], parent = ''): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const names = Object.keys(error.constraints ?? {});
    if (names.length) {
      const chosen = names.find((n) => error.contexts?.[n]?.errorCode === 'required') ?? names[0];
      const context = error.contexts?.[chosen] as { errorCode?: string; params?: Record<string, string | number> } | undefined;
      issues.push({
        field: wireFieldPath(path),
        errorCode: context?.errorCode ?? 'invalid',
        ...(context?.params ? { params: context.params } : {}),
      });
    }
    if (error.children?.length) issues.push(...fieldIssuesOf(error.children, path));
  }
  return issues;
}

/** The one validation pipe: unknown fields are dropped, every failing field is answered at once (422). */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new FieldValidationError(fieldIssuesOf(errors)),
  });
}
