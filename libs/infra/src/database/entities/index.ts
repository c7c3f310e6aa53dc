import { CustomerEntity } from './customer.entity';
import { MakerEntity } from './maker.entity';
import { OutboxEventEntity } from './outbox-event.entity';
import { ProductChangeEntity } from './product-change.entity';
import { ProductEntity } from './product.entity';
import { RefreshTokenEntity } from './refresh-token.entity';
import { SignInTokenEntity } from './sign-in-token.entity';
import { UserEntity } from './user.entity';
import { SETTINGS_ENTITIES } from '../../settings/settings-entities';

export { CustomerEntity, MakerEntity, OutboxEventEntity, ProductChangeEntity, ProductEntity, RefreshTokenEntity, SignInTokenEntity, UserEntity };

export const ENTITIES = [UserEntity, RefreshTokenEntity, SignInTokenEntity, OutboxEventEntity, MakerEntity, CustomerEntity, ProductEntity, ProductChangeEntity, ...SETTINGS_ENTITIES];
