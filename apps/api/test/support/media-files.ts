import { crc32, deflateSync } from 'node:zlib';

/** A real PNG (w × h, grey), padded with a text chunk to reach `size` bytes when asked. */
export function png(size?: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const pixels = deflateSync(Buffer.from([0, 128, 255, 0, 255, 128]));
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels)];
  const end = chunk('IEND', Buffer.alloc(0));
  const bare = Buffer.concat([...parts, end]).length;
  if (size !== undefined && size > bare + 12) parts.push(chunk('tEXt', Buffer.alloc(size - bare - 12, 0x61)));
  return Buffer.concat([...parts, end]);
}
