import { MEDIA_FILE_NAME_MAX } from '@oms/domain';
import { Required, Text } from '../common/validation/rules';

/** `GET /medias/presigned_url?file_name=&type=`: the file's name and its MIME type as the browser reports it (`File.type`). */
export class PresignedUrlQuery {
  @Required()
  @Text(MEDIA_FILE_NAME_MAX)
  fileName!: string;

  @Required()
  @Text(255)
  type!: string;
}
