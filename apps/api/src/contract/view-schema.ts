import * as ts from 'typescript';
import { toSnake } from '../common/http/wire-case';
import { JsonSchema, orNull, SchemaRegistry } from './json-schema';

/**
 * What the API answers, as JSON Schema, from the types TypeScript infers for the controllers'
 * handlers: a view is a plain function returning an object literal, a query or command is typed
 * with its result (`Query<Page<CustomerView>>`), so the handler's return type is the answer. Names
 * become the wire's snake_case, as the interceptor makes them (common/http/wire-case.ts).
 *
 * Named schemas: an interface or class by its name, a type alias by its name, and the object literal
 * a named function returns (`orderView`) by that function's name (`OrderView`). Everything else is inline.
 */
export class ViewSchemas {
  private readonly program: ts.Program;
  private readonly checker: ts.TypeChecker;
  /** The controllers, by class name (as the route catalogue names them). */
  private readonly classes = new Map<string, ts.ClassDeclaration>();

  constructor(
    tsconfigPath: string,
    private readonly registry: SchemaRegistry,
  ) {
    const config = ts.getParsedCommandLineOfConfigFile(tsconfigPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
    if (!config) throw new Error(`cannot read ${tsconfigPath}`);
    this.program = ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, noEmit: true }, projectReferences: config.projectReferences });
    this.checker = this.program.getTypeChecker();
    const root = config.options.rootDir ?? '';
    for (const file of this.program.getSourceFiles()) {
      if (file.isDeclarationFile || !file.fileName.startsWith(root)) continue;
      ts.forEachChild(file, (node) => {
        if (!ts.isClassDeclaration(node) || !node.name || !ts.getDecorators(node)?.some((d) => /^@Controller\b/.test(d.getText()))) return;
        if (this.classes.has(node.name.text)) throw new Error(`two controllers named ${node.name.text}: the contract names handlers by class`);
        this.classes.set(node.name.text, node);
      });
    }
  }

  /** The answer of `Controller.handler` (its awaited return type); undefined when it answers nothing (void). */
  answerOf(controller: string, handler: string): JsonSchema | undefined {
    return this.schemaOfType(this.answerType(controller, handler));
  }

  /** The schema of a named type exported from a file of the program (an interface or alias), e.g. the error envelope. */
  namedType(fileName: string, typeName: string): JsonSchema {
    const file = this.program.getSourceFiles().find((f) => f.fileName.endsWith(fileName));
    const symbol = file && this.checker.getSymbolAtLocation(file)?.exports?.get(ts.escapeLeadingUnderscores(typeName));
    if (!symbol) throw new Error(`no exported type ${typeName} in ${fileName}`);
    return this.schemaOf(this.checker.getDeclaredTypeOfSymbol(symbol));
  }

  private answerType(controller: string, handler: string): ts.Type {
    const declaration = this.classes.get(controller);
    const member = declaration?.members.find((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && m.name.getText() === handler);
    if (!member) throw new Error(`no handler ${controller}.${handler} in the sources`);
    const signature = this.checker.getSignatureFromDeclaration(member)!;
    const returned = this.checker.getReturnTypeOfSignature(signature);
    return this.checker.getAwaitedType(returned) ?? returned;
  }

  private schemaOfType(type: ts.Type): JsonSchema | undefined {
    if (type.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined)) return undefined;
    return this.schemaOf(type);
  }

  private schemaOf(type: ts.Type): JsonSchema {
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (f & ts.TypeFlags.Never) return { not: {} };
    if (f & ts.TypeFlags.Null) return { type: 'null' };
    if (f & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (f & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', const: this.checker.typeToString(type) === 'true' };
    if (f & ts.TypeFlags.StringLiteral) return { type: 'string', const: (type as ts.StringLiteralType).value };
    if (f & ts.TypeFlags.NumberLiteral) return { type: 'number', const: (type as ts.NumberLiteralType).value };
    if (f & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) return { type: 'string' };
    if (f & ts.TypeFlags.Number) return { type: 'number' };
    if (f & (ts.TypeFlags.BigInt | ts.TypeFlags.BigIntLiteral)) return { type: 'string', pattern: '^-?[0-9]+$' };
    if (type.isUnion()) {
      const alias = type.aliasSymbol && !type.aliasTypeArguments?.length && !this.isLibrary(type.aliasSymbol) ? type.aliasSymbol.getName() : undefined;
      return alias ? this.registry.ref(alias, type, () => this.unionSchema(type)) : this.unionSchema(type);
    }
    if (f & ts.TypeFlags.Object || type.isIntersection()) return this.objectOrNamed(type);
    throw new Error(`cannot describe the type ${this.checker.typeToString(type)}`);
  }

  private unionSchema(type: ts.UnionType): JsonSchema {
    const members = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const nullable = members.some((t) => t.flags & ts.TypeFlags.Null);
    const rest = members.filter((t) => !(t.flags & ts.TypeFlags.Null));
    // `boolean` is the union true | false; keep it one type beside its other members.
    const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    const others = booleans.length === 2 ? rest.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral)) : rest;
    const schemas: JsonSchema[] = [...(booleans.length === 2 ? [{ type: 'boolean' }] : []), ...others.map((t) => this.schemaOf(t))];
    let schema: JsonSchema;
    const literals = schemas.every((s) => 'const' in s) && new Set(schemas.map((s) => s.type)).size === 1;
    if (!schemas.length) schema = { not: {} };
    else if (schemas.length === 1) schema = schemas[0];
    // The order of a union's members is the compiler's, not the code's: sorted, so the contract only changes when the values do.
    else if (literals) schema = { type: schemas[0].type, enum: schemas.map((s) => s.const as string | number).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
    else schema = { oneOf: dedupe(schemas).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) };
    if (schema.oneOf && (schema.oneOf as JsonSchema[]).length === 1) schema = (schema.oneOf as JsonSchema[])[0];
    if ('const' in schema && schemas.length === 1) schema = { type: schema.type, enum: [schema.const] };
    return nullable ? orNull(schema) : schema;
  }

  private objectOrNamed(type: ts.Type): JsonSchema {
    const symbol = type.getSymbol();
    if (symbol?.getName() === 'Date' && this.isLibrary(symbol)) return { type: 'string', format: 'date-time' };
    if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) {
      const items = this.checker.getTypeArguments(type as ts.TypeReference).map((t) => this.schemaOf(t));
      return { type: 'array', items: items.length === 1 ? items[0] : { oneOf: dedupe(items) } };
    }
    const name = this.nameOf(type);
    return name ? this.registry.ref(name, type, () => this.objectSchema(type)) : this.objectSchema(type);
  }

  private objectSchema(type: ts.Type): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of this.checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      const propertyType = declaration ? this.checker.getTypeOfSymbolAtLocation(property, declaration) : this.checker.getTypeOfSymbol(property);
      if (propertyType.getCallSignatures().length && !this.checker.getPropertiesOfType(propertyType).length) continue; // a method
      const wireName = toSnake(property.getName());
      const schema = this.schemaOfType(propertyType);
      if (!schema) continue; // always undefined: never on the wire
      const doc = ts.displayPartsToString(property.getDocumentationComment(this.checker)).trim();
      properties[wireName] = doc ? { ...schema, description: doc } : schema;
      const mayBeAbsent = property.flags & ts.SymbolFlags.Optional || (propertyType.isUnion() && propertyType.types.some((t) => t.flags & ts.TypeFlags.Undefined));
      if (!mayBeAbsent) required.push(wireName);
    }
    const index = this.checker.getIndexInfosOfType(type).find((i) => i.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
    return {
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
      ...(index ? { additionalProperties: this.schemaOf(index.type) } : {}),
    };
  }

  /** The schema name of a type, when it has one worth sharing (see the class comment). */
  private nameOf(type: ts.Type): string | undefined {
    if (type.aliasSymbol && !type.aliasTypeArguments?.length && !this.isLibrary(type.aliasSymbol)) return type.aliasSymbol.getName();
    const symbol = type.getSymbol();
    if (!symbol || this.isLibrary(symbol)) return undefined;
    // A generic interface (`One<T>`, `Page<T>`) is described per use, inline; a plain one once, by its name.
    const generic = (symbol.declarations ?? []).some((d) => (ts.isInterfaceDeclaration(d) || ts.isClassDeclaration(d)) && !!d.typeParameters?.length);
    if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class)) return generic ? undefined : symbol.getName();
    if (symbol.flags & ts.SymbolFlags.ObjectLiteral) {
      const literal = symbol.valueDeclaration;
      const fn = literal && returningFunction(literal);
      return fn ? pascal(fn) : undefined;
    }
    return undefined;
  }

  private isLibrary(symbol: ts.Symbol): boolean {
    return (symbol.declarations ?? []).some((d) => {
      const file = d.getSourceFile();
      // Our own libraries (@oms/domain, @oms/infra) resolve through node_modules links to their real paths: they are ours.
      return this.program.isSourceFileDefaultLibrary(file) || file.fileName.includes('/node_modules/');
    });
  }
}

/** The name of the function whose returned expression is this object literal (`return {…}` or `=> ({…})`). */
function returningFunction(literal: ts.Node): string | undefined {
  let node = literal.parent;
  while (node && (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))) node = node.parent;
  if (!node) return undefined;
  const fn = ts.isReturnStatement(node) ? ts.findAncestor(node, ts.isFunctionLike) : ts.isArrowFunction(node) ? node : undefined;
  if (!fn) return undefined;
  if (ts.isFunctionDeclaration(fn) && fn.name) return fn.name.text;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name.text;
  if (ts.isMethodDeclaration(fn) && ts.isIdentifier(fn.name)) return fn.name.text;
  return undefined;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function dedupe(schemas: JsonSchema[]): JsonSchema[] {
  const seen = new Set<string>();
  return schemas.filter((s) => {
    const key = JSON.stringify(s);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
