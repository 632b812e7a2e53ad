import { BelongsTo, Column, DataType, ForeignKey, HasMany, Model, Sequelize, Table } from 'sequelize-typescript';

@Table({ tableName: 'writers', underscored: true })
export class Writer extends Model {
  @Column({ type: DataType.STRING, allowNull: false }) declare name: string;
  @HasMany(() => Post) declare posts?: Post[];
}

@Table({ tableName: 'posts', underscored: true })
export class Post extends Model {
  @Column({ type: DataType.STRING, allowNull: false }) declare title: string;
  @ForeignKey(() => Writer) @Column({ type: DataType.INTEGER, allowNull: false }) declare writerId: number;
  @BelongsTo(() => Writer) declare writer?: Writer;
  @HasMany(() => Note) declare notes?: Note[];
}

@Table({ tableName: 'notes', underscored: true })
export class Note extends Model {
  @Column({ type: DataType.STRING, allowNull: false }) declare body: string;
  @ForeignKey(() => Post) @Column({ type: DataType.INTEGER, allowNull: false }) declare postId: number;
}

/** An in-memory database of the app's own: 3 writers, 12 posts, 0-4 notes a post. */
export async function openDatabase(): Promise<Sequelize> {
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false, models: [Writer, Post, Note] });
  await sequelize.sync();
  for (let w = 1; w <= 3; w++) await Writer.create({ name: `Writer ${w}` });
  for (let p = 1; p <= 12; p++) {
    const post = await Post.create({ title: `Post ${p}`, writerId: (p % 3) + 1, createdAt: new Date(Date.UTC(2024, 0, p)) });
    for (let n = 1; n <= p % 5; n++) await Note.create({ body: `Note ${p}.${n}`, postId: post.id, createdAt: new Date(Date.UTC(2024, 1, n)) });
  }
  return sequelize;
}
