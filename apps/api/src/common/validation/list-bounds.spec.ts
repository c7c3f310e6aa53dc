import { FieldValidationError } from '@oms/domain';
import { ArrayMaxSize } from 'class-validator';
import { Id, Ids, Nested, Required, rule } from './rules';
import { createValidationPipe } from './validation.pipe';

class Line {
  @Required()
  @Id()
  makerId!: number;

  @Ids(3)
  lineIds!: number[];
}

class Body {
  @Nested(() => Line)
  @ArrayMaxSize(2, rule('max', { max: 2 }))
  lines!: Line[];

  @Nested(() => Line)
  main?: Line;
}

describe('lists past their bound', () => {
  const pipe = createValidationPipe();
  const refusal = async (body: unknown) => {
    try {
      await pipe.transform(body, { type: 'body', metatype: Body });
      return null;
    } catch (error) {
      return error instanceof FieldValidationError ? error.issues : error;
    }
  };

  it('are answered alone, with their bound and wire path, however many items they hold', async () => {
    const started = Date.now();
    expect(await refusal({ lines: Array(200_000).fill({}) })).toEqual([{ field: 'lines', errorCode: 'max', params: { max: 2 } }]);
    expect(Date.now() - started).toBeLessThan(200);
    expect(await refusal({ lines: [{ makerId: 1, lineIds: [1] }, { makerId: 1, lineIds: Array(100_000).fill(1) }], main: { makerId: 1, lineIds: [1, 2, 3, 4] } })).toEqual([
      { field: 'lines.1.line_ids', errorCode: 'max', params: { max: 3 } },
      { field: 'main.line_ids', errorCode: 'max', params: { max: 3 } },
    ]);
  });

  it('leave lists within bounds to the rules, which refuse a list where a record belongs', async () => {
    expect(await refusal({ lines: [{ makerId: 1, lineIds: [1, 2, 3] }] })).toBeNull();
    expect(await refusal({ lines: [[]] })).toEqual([{ field: 'lines', errorCode: 'invalid' }]);
    expect(await refusal({ lines: [{ makerId: 1, lineIds: [1] }], main: [{ makerId: 1, lineIds: [1] }] })).toEqual([{ field: 'main', errorCode: 'invalid' }]);
  });
});
