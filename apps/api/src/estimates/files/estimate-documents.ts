import { Inject, Injectable } from '@nestjs/common';
import { FEE_KIND_LABELS_JA, japanToday, NotFoundError, signedFee, validUntil } from '@oms/domain';
import {
  APP_CONFIG,
  AppConfig,
  EstimateDocumentContent,
  EstimatePrintedParties,
  EstimateRecord,
  EstimateRepository,
  FILE_STORAGE,
  FileStorage,
  renderDefaultSeal,
  renderEstimatePdf,
  SettingsOptionEntity,
  SettingsOptionRepository,
  StoredFileNotFoundError,
} from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import { linkActor, linkOf } from '../approval/approval-links';
import { totalsOf } from '../estimate.view';

export interface EstimatePdf {
  fileName: string;
  body: Buffer;
}

/** Bytes of a stored file, whole (a seal image is small: at most the 2 MB of an image upload). */
async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) return null;
    throw error;
  }
}

/**
 * The estimate's PDF (DESIGN.md §7): the current revision, or an earlier one from the snapshot frozen
 * when the next replaced it, so it prints as it was issued. The seal only once stamped; 'draft' until
 * approved or stamped.
 */
@Injectable()
export class EstimateDocuments {
  constructor(
    private readonly dataSource: DataSource,
    private readonly estimates: EstimateRepository,
    private readonly settings: SettingsOptionRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async pdf(id: string, revision?: number): Promise<EstimatePdf> {
    const m = this.dataSource.manager;
    const current = await this.estimates.find(m, id);
    if (!current) throw new NotFoundError('estimate');
    let record: EstimateRecord = current;
    let printed: EstimatePrintedParties | undefined;
    if (revision !== undefined && revision !== current.revision) {
      const frozen = await this.estimates.revision(m, id, revision);
      if (!frozen) throw new NotFoundError('estimate revision');
      ({ printed, ...record } = frozen.snapshot);
    }
    const content = await this.contentOf(m, record, printed);
    return { fileName: `見積書_${content.estimateNo}${record.revision > 1 ? `-R${record.revision}` : ''}.pdf`, body: await renderEstimatePdf(content) };
  }

  /** The PDF a mailed link's page shows: the estimate the link asks about, while the link can still answer. */
  async pdfThroughLink(token: string): Promise<EstimatePdf> {
    const m = this.dataSource.manager;
    const link = await linkOf(m, this.estimates, token);
    const record = await this.estimates.find(m, link.estimateId);
    if (!record) throw new NotFoundError('estimate');
    await linkActor(m, link, record);
    return this.pdf(link.estimateId, link.revision);
  }

  /** download-template: the blank form (docs/decisions.md "Estimate template"). */
  async blankForm(): Promise<EstimatePdf> {
    const issuer = await this.issuer(this.dataSource.manager);
    const today = japanToday();
    const content: EstimateDocumentContent = {
      estimateNo: '',
      revision: 1,
      issuedAt: new Date(`${today}T00:00:00+09:00`),
      validUntil: validUntil(today),
      issuer,
      customer: { name: '', companyName: null, zip: null, address: null, phone: null },
      personInCharge: null,
      deliveryLocation: null,
      faxNumber: null,
      zip: null,
      paymentMethod: null,
      lines: [],
      fees: [],
      subtotal: 0,
      taxes: [],
      total: 0,
      notes: [],
      note: null,
      draft: false,
      seal: null,
      blank: true,
    };
    return { fileName: '見積書_テンプレート.pdf', body: await renderEstimatePdf(content) };
  }

  private async issuer(m: EntityManager, option?: SettingsOptionEntity): Promise<EstimateDocumentContent['issuer']> {
    option ??= await this.settings.get(m);
    return {
      company: option.companyName ?? this.config.SENDER_COMPANY,
      zip: option.zip,
      address: option.address,
      phone: option.phone ?? this.config.SENDER_PHONE ?? null,
      invoiceRegistrationNumber: option.invoiceRegistrationNumber,
    };
  }

  /** The customer, the issuer and the payment method as the PDF names them now: frozen with a revision when the next replaces it. */
  async parties(m: EntityManager, record: EstimateRecord): Promise<EstimatePrintedParties> {
    const [customer] = await m.query(`SELECT name, company_name AS "companyName", zip, address, phone FROM customers WHERE id = $1`, [record.customerId]);
    const [payment] = record.estimatePaymentId === null ? [] : await m.query(`SELECT name_ja AS name FROM payment_methods WHERE id = $1`, [record.estimatePaymentId]);
    const option = await this.settings.get(m);
    return {
      issuer: await this.issuer(m, option),
      customer: customer ?? { name: '', companyName: null, zip: null, address: null, phone: null },
      paymentMethod: payment?.name ?? null,
      sealImageKey: option.sealImageKey,
    };
  }

  private async contentOf(m: EntityManager, record: EstimateRecord, printed?: EstimatePrintedParties): Promise<EstimateDocumentContent> {
    const { issuer, customer, paymentMethod, sealImageKey } = printed ?? (await this.parties(m, record));
    const stamped = record.sealApprovedDate !== null;
    // The configured seal; without one (or with its file gone) the default one made from the company name.
    const seal = stamped ? ((sealImageKey ? await readAll(this.storage, sealImageKey) : null) ?? (await renderDefaultSeal(issuer.company))) : null;
    const totals = totalsOf(record);
    const fees = [
      ...(record.fee1Id !== null ? [{ kind: record.fee1Id, value: record.fee1Value ?? 0 }] : []),
      ...(record.fee2Id !== null ? [{ kind: record.fee2Id, value: record.fee2Value ?? 0 }] : []),
    ];
    return {
      estimateNo: record.estimateNo,
      revision: record.revision,
      issuedAt: new Date(record.issuedAt),
      validUntil: validUntil(japanToday(new Date(record.issuedAt))),
      issuer,
      customer,
      personInCharge: record.personInCharge,
      deliveryLocation: record.deliveryLocation,
      faxNumber: record.faxNumber,
      zip: record.zip,
      paymentMethod,
      lines: record.details.map((d) => ({ ...d, lineTotal: d.priceWithTax * d.amount })),
      fees: fees.map((fee) => ({ label: FEE_KIND_LABELS_JA[fee.kind], value: signedFee(fee) })),
      subtotal: totals.subtotal,
      taxes: totals.taxes,
      total: totals.total,
      notes: record.estimateNotes,
      note: record.note,
      draft: record.approvedDate === null && !stamped,
      seal,
    };
  }
}
