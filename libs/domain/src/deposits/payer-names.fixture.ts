/**
 * Payer names as banks print them (振込依頼人名, half-width kana) against the buyer's or the customer's
 * company kana as the order holds it, and whether they name the same payer (equal payerNameKey).
 * Read by payer-name.spec.ts and by libs/infra's parity test of the SQL `deposit_payer_key`.
 */
export interface PayerNamePair {
  readonly bank: string;
  readonly customer: string;
  readonly same: boolean;
}

export const PAYER_NAME_PAIRS: readonly PayerNamePair[] = [
  // Persons: spaces (half- and full-width), small kana as banks write them, long vowels.
  { bank: 'ﾔﾏﾀﾞ ﾀﾛｳ', customer: 'ヤマダ タロウ', same: true },
  { bank: 'ﾔﾏﾀﾞﾀﾛｳ', customer: 'ヤマダ　タロウ', same: true },
  { bank: 'ﾔﾏﾀﾞ　ﾀﾛｳ', customer: 'ヤマダタロウ', same: true },
  { bank: 'ﾏﾂﾓﾄ ｷﾖｳｺ', customer: 'マツモト キョウコ', same: true },
  { bank: 'ｲﾂﾄｳ ｼﾕﾝ', customer: 'イットウ シュン', same: true },
  { bank: 'ﾐﾂｲ ﾘﾖｳｺ', customer: 'ミツイ リョウコ', same: true },
  { bank: 'ﾀｶﾊｼ ﾏｰｸ', customer: 'タカハシ マーク', same: true },
  { bank: 'ﾀｶﾊｼ ﾏ-ｸ', customer: 'タカハシ マーク', same: true },
  { bank: 'ﾁﾔﾝ ﾐﾝ', customer: 'チャン ミン', same: true },
  { bank: 'ﾔﾏﾀﾞ.ﾀﾛｳ', customer: 'ヤマダ・タロウ', same: true },
  { bank: 'ﾔﾏﾀﾞ,ﾀﾛｳ', customer: 'ヤマダ タロウ', same: true },
  { bank: 'やまだ たろう', customer: 'ヤマダ タロウ', same: true },
  { bank: 'ヤマダ　タロウ', customer: 'ヤマダ タロウ', same: true },
  { bank: 'ｳﾞｲﾂﾄﾘｵ ﾏﾘｱ', customer: 'ヴィットリオ マリア', same: true },
  { bank: 'ｽｽﾞｷ ｲﾁﾛｳ', customer: 'スズキ イチロ', same: false },
  { bank: 'ﾀﾅｶ ﾀﾛｳ', customer: 'タナカ ジロウ', same: false },
  { bank: 'ｻｲﾄｳ ﾕｳｷ', customer: 'サイトウ ユキ', same: false },
  { bank: 'ｵｵﾉ ｹﾝｼﾞ', customer: 'オノ ケンジ', same: false },
  { bank: 'ﾀｶﾊｼ ﾏｸ', customer: 'タカハシ マーク', same: false },
  { bank: 'ﾌﾞｲﾂﾄﾘｵ ﾏﾘｱ', customer: 'ヴィットリオ マリア', same: false },
  { bank: 'ﾔﾏﾀﾞﾀﾛｳ', customer: 'ヤマモト タロウ', same: false },
  // Companies, 株式会社 in front (カ)), at the end ((カ), the middle ((カ)), and written out.
  { bank: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ', customer: 'カブシキガイシャヤマダショウジ', same: true },
  { bank: 'ｶ) ﾔﾏﾀﾞｼﾖｳｼﾞ', customer: 'ヤマダショウジ', same: true },
  { bank: 'ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ', customer: 'ヤマダショウジ カブシキガイシャ', same: true },
  { bank: 'ﾔﾏﾀﾞｼﾖｳｼﾞ (ｶ', customer: 'ヤマダショウジ', same: true },
  { bank: 'ﾔﾏﾀﾞ(ｶ)ﾄｳｷﾖｳｼﾃﾝ', customer: 'ヤマダカブシキガイシャ トウキョウシテン', same: true },
  { bank: 'ﾔﾏﾀﾞ(ｶ)ﾄｳｷﾖｳｼﾃﾝ', customer: 'ヤマダ トウキョウシテン', same: true },
  { bank: 'ｶ)ｼﾞﾔﾊﾟﾝﾌｰｽﾞ', customer: 'カブシキカイシャ ジャパンフーズ', same: true },
  { bank: 'ｺｰﾋｰﾄﾞｳ(ｶ', customer: 'コーヒードウ', same: true },
  { bank: 'ｶ)ｴｰｱﾝﾄﾞｹｲ', customer: 'カブシキガイシャ　エーアンドケイ', same: true },
  { bank: '(ｶ)ﾆﾎﾝｺｳｷﾞﾖｳ', customer: 'カブシキガイシャニホンコウギョウ', same: true },
  { bank: 'ﾆﾎﾝｺｳｷﾞﾖｳ(ｶ)', customer: 'ニホンコウギョウ', same: true },
  { bank: 'ヤマダショウジ㈱', customer: 'ヤマダショウジ', same: true },
  { bank: 'ｷﾖｳﾄｾｲｶ(ｶ)ｵｵｻｶ(ｴｲ', customer: 'キョウトセイカ カブシキガイシャ オオサカエイギョウショ', same: true },
  { bank: 'ﾐﾄﾞﾘﾃﾞﾝｷ(ｶ)ﾖｺﾊﾏ(ｼﾕﾂ', customer: 'ミドリデンキ ヨコハマシュッチョウショ', same: true },
  { bank: 'ﾆﾎﾝｺｳｷﾞﾖｳ(ｶ', customer: 'ニッポンコウギョウ', same: false },
  { bank: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ', customer: 'ヤマダショウテン', same: false },
  { bank: 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ', customer: 'ヤマダ タロウ', same: false },
  { bank: 'ﾔﾏﾀﾞ(ｶ)ﾄｳｷﾖｳｼﾃﾝ', customer: 'ヤマダ', same: false },
  { bank: 'ABCｼﾖｳｼﾞ(ｶ', customer: 'エービーシーショウジ', same: false },
  // The other legal forms of 全銀's list, abbreviated against written out.
  { bank: 'ﾕ)ｻﾄｳｻﾝｷﾞﾖｳ', customer: 'ユウゲンガイシャ サトウサンギョウ', same: true },
  { bank: 'ｻﾄｳｻﾝｷﾞﾖｳ(ﾕ', customer: 'サトウサンギョウ', same: true },
  { bank: 'ﾄﾞ)ｸﾞﾘｰﾝﾘｰﾌ', customer: 'ゴウドウガイシャ グリーンリーフ', same: true },
  { bank: 'ｸﾞﾘ-ﾝﾘ-ﾌ(ﾄﾞ', customer: 'グリーンリーフ', same: true },
  { bank: 'ﾒ)ﾀﾅｶｼﾖｳﾃﾝ', customer: 'ゴウメイガイシャ タナカショウテン', same: true },
  { bank: 'ｼ)ｲﾄｳｼﾖｳｶｲ', customer: 'ゴウシガイシャ イトウショウカイ', same: true },
  { bank: 'ｲ)ｹﾝｺｳｶｲ ｽｽﾞｷｸﾘﾆﾂｸ', customer: 'イリョウホウジンシャダン ケンコウカイ スズキクリニック', same: true },
  { bank: 'ｲﾘﾖｳﾎｳｼﾞﾝｼﾔﾀﾞﾝ ｻｸﾗｶｲ', customer: 'イ)サクラカイ', same: true },
  { bank: 'ｼﾔ)ﾆﾎﾝｷﾖｳｲｸｷﾖｳｶｲ', customer: 'イッパンシャダンホウジン ニホンキョウイクキョウカイ', same: true },
  { bank: 'ｻﾞｲ)ﾐﾄﾞﾘﾉｷｷﾝ', customer: 'コウエキザイダンホウジン ミドリノキキン', same: true },
  { bank: 'ｶﾞｸ)ｻｸﾗｶﾞｸｴﾝ', customer: 'ガッコウホウジン サクラガクエン', same: true },
  { bank: 'ﾌｸ)ﾋﾏﾜﾘｶｲ', customer: 'シャカイフクシホウジン ヒマワリカイ', same: true },
  { bank: 'ﾄｸﾋ)ﾐﾗｲﾈﾂﾄ', customer: 'トクテイヒエイリカツドウホウジン ミライネット', same: true },
  { bank: 'ｼﾕｳ)ｺｳﾌｸｼﾞ', customer: 'シュウキョウホウジン コウフクジ', same: true },
  { bank: 'ｾﾞｲ)ﾐﾅﾄｶｲｹｲ', customer: 'ゼイリシホウジン ミナトカイケイ', same: true },
  { bank: 'ﾍﾞﾝ)ｱｵｿﾞﾗﾎｳﾘﾂｼﾞﾑｼﾖ', customer: 'ベンゴシホウジン アオゾラホウリツジムショ', same: true },
  { bank: 'ﾄﾞｸ)ｺｸﾘﾂﾋﾞｼﾞﾕﾂｶﾝ', customer: 'ドクリツギョウセイホウジン コクリツビジュツカン', same: true },
  { bank: 'ｻｸﾗﾉｳｴﾝ(ﾉｳ', customer: 'ノウジクミアイホウジン サクラノウエン', same: true },
  { bank: 'ｼ)ｲﾄｳｼﾖｳｶｲ', customer: 'ゴウシガイシャ イトウショウテン', same: false },
];
