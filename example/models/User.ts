import { Column, DataType, Model, Table } from 'sequelize-typescript';

/** The roles of the example's callers; what each may see is example/policies.ts. */
export const ROLES = ['reader', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A user of the example, who signs in with a bearer token (example/auth/tokens.ts). */
@Table({ tableName: 'users', underscored: true })
export class User extends Model {
  declare id: number;
  declare createdAt: Date;
  declare updatedAt: Date;
  @Column({ type: DataType.STRING, allowNull: false }) name!: string;
  @Column({ type: DataType.STRING, allowNull: false }) role!: Role;
}
