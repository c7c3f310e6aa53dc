import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateText, Id, Ids, Int, Nested, NotNull, Optional, Required, Text } from '../common/validation/rules';
import { DtoSchemas } from './dto-schema';
import { SchemaRegistry } from './json-schema';
import { ViewSchemas } from './view-schema';

class LineProbe {
  @Required()
  @Text(10)
  productName!: string;
}

class BodyProbe {
  @Required()
  @Id()
  shopId!: number;

  @Optional()
  @Text(40, 2)
  buyerKana?: string | null;

  @NotNull()
  @Int(0, 99)
  shippingFee?: number;

  @Optional()
  @DateText()
  preferredDate?: DateText | null;

  @Required()
  @Ids(5)
  lineIds!: number[];

  @Required()
  @Nested(() => LineProbe)
  lines!: LineProbe[];
}

describe('contract: DTOs as JSON Schema, from the rules the pipe runs', () => {
  it('names fields as the wire does, with their bounds, presence and null', () => {
    const registry = new SchemaRegistry();
    expect(new DtoSchemas(registry).ref(BodyProbe)).toEqual({ $ref: '#/components/schemas/BodyProbe' });
    const id = { oneOf: [{ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, { type: 'string', pattern: '^[0-9]{1,20}$' }] };
    expect(registry.all()).toEqual({
      BodyProbe: {
        type: 'object',
        properties: {
          shop_id: { ...id, 'x-error-codes': ['integer', 'max', 'min', 'required'] },
          buyer_kana: { type: ['string', 'null'], maxLength: 40, minLength: 2, 'x-error-codes': ['invalid', 'max_length', 'min_length'] },
          // Left out it keeps its value; null is refused (`required`).
          shipping_fee: { type: 'integer', minimum: 0, maximum: 99, 'x-error-codes': ['integer', 'max', 'min', 'required'] },
          preferred_date: {
            type: ['string', 'null'],
            pattern: '^[0-9]{4}([-/])[0-9]{1,2}\\1[0-9]{1,2}$',
            description: 'A date, Y-m-d or Y/m/d.',
            'x-error-codes': ['date_format', 'date_out_of_range'],
          },
          line_ids: { type: 'array', minItems: 1, maxItems: 5, items: id, 'x-error-codes': ['integer', 'max', 'min', 'required'] },
          lines: { type: 'array', items: { $ref: '#/components/schemas/LineProbe' }, 'x-error-codes': ['invalid', 'required'] },
        },
        required: ['shop_id', 'line_ids', 'lines'],
      },
      LineProbe: {
        type: 'object',
        properties: { product_name: { type: 'string', maxLength: 10, minLength: 1, 'x-error-codes': ['invalid', 'max_length', 'required'] } },
        required: ['product_name'],
      },
    });
  });

  it('changes when a DTO gains a field, so the committed contract no longer matches (contract:check fails)', () => {
    class Growing {
      @Required()
      @Text(20)
      name!: string;
    }
    const describeGrowing = () => JSON.stringify(new DtoSchemas(new SchemaRegistry()).objectSchema(Growing));
    const before = describeGrowing();
    // What `@Optional() @Text(30)` on a new `note` field does to the class.
    Optional()(Growing.prototype, 'note');
    Text(30)(Growing.prototype, 'note');
    const after = describeGrowing();
    expect(after).not.toBe(before);
    expect(JSON.parse(after).properties.note).toEqual({ type: ['string', 'null'], maxLength: 30, 'x-error-codes': ['invalid', 'max_length'] });
  });
});

describe('contract: answers as JSON Schema, from the types TypeScript infers', () => {
  let dir: string;
  let views: ViewSchemas;
  let registry: SchemaRegistry;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'oms-contract-'));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', experimentalDecorators: true, types: [], rootDir: '.' }, include: ['*.ts'] }));
    writeFileSync(
      join(dir, 'probe.controller.ts'),
      `declare function Controller(path?: string): ClassDecorator;
declare function Get(): MethodDecorator;
interface One<T> { data: T }
const one = <T>(data: T): One<T> => ({ data });
export type LineStatus = 3 | 1 | 2;
export interface MakerPart { makerId: string; shippedAt: Date | null }
function lineView(productName: string, status: LineStatus) {
  /** The product's name as ordered. */
  return { productName, status, makers: [] as MakerPart[], note: undefined as string | undefined };
}
@Controller('probe')
export class ProbeController {
  @Get()
  async get() {
    return one({ lines: [lineView('a', 1)], total: 3, maybe: Math.random() > 0.5 ? 'x' : undefined, flag: true as boolean });
  }
  @Get()
  async nothing(): Promise<void> {}
}
`,
    );
    registry = new SchemaRegistry();
    views = new ViewSchemas(join(dir, 'tsconfig.json'), registry);
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('describes the awaited answer in snake_case, naming views, interfaces and aliases', () => {
    expect(views.answerOf('ProbeController', 'get')).toEqual({
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            lines: { type: 'array', items: { $ref: '#/components/schemas/LineView' } },
            total: { type: 'number' },
            maybe: { type: 'string' },
            flag: { type: 'boolean' },
          },
          required: ['lines', 'total', 'flag'],
        },
      },
      required: ['data'],
    });
    expect(registry.all()).toEqual({
      LineStatus: { type: 'number', enum: [1, 2, 3] },
      LineView: {
        type: 'object',
        properties: {
          product_name: { type: 'string' },
          status: { $ref: '#/components/schemas/LineStatus' },
          makers: { type: 'array', items: { $ref: '#/components/schemas/MakerPart' } },
          note: { type: 'string' },
        },
        required: ['product_name', 'status', 'makers'],
      },
      MakerPart: {
        type: 'object',
        properties: { maker_id: { type: 'string' }, shipped_at: { type: ['string', 'null'], format: 'date-time' } },
        required: ['maker_id', 'shipped_at'],
      },
    });
  });

  it('describes no answer for void', () => {
    expect(views.answerOf('ProbeController', 'nothing')).toBeUndefined();
  });
});
