import { expect } from 'chai';
import { DataTypes, Sequelize } from 'sequelize';
import { columnType } from '../../../src/model/columnType';
import { filterFields } from '../../../src/model/filterFields';
import { ApiError } from '../../../src';

const sequelize = new Sequelize('sqlite::memory:', { logging: false });
const Measure = sequelize.define('Measure', {
  double: DataTypes.DOUBLE,
  real: DataTypes.REAL,
  decimal: DataTypes.DECIMAL(10, 2),
  float: DataTypes.FLOAT,
  big: DataTypes.BIGINT,
  json: DataTypes.JSON,
});

describe('columnType()', () => {
  it('reads every numeric type as a number or an integer, DOUBLE (DOUBLE PRECISION) among them', () => {
    const attributes = Measure.getAttributes();
    expect(['double', 'real', 'decimal', 'float', 'big', 'json'].map((name) => columnType(attributes[name]))).to.deep.equal([
      'number',
      'number',
      'number',
      'number',
      'integer',
      undefined,
    ]);
  });
});

describe('filterFields() on numeric columns', () => {
  it('filters a DOUBLE, REAL or DECIMAL column as a number; a JSON one is refused at start-up, the readable types listed', () => {
    const fields = filterFields({ model: () => Measure, fields: { double: ['gte'], real: ['eq'], decimal: ['lt'] } }, undefined);
    expect([...fields.values()].map((field) => field.type)).to.deep.equal(['number', 'number', 'number']);
    let refused: unknown;
    try {
      filterFields({ model: () => Measure, fields: { json: ['eq'] } }, undefined);
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(ApiError).with.property('code', 'RCA_FILTER_UNMAPPED');
    expect((refused as Error).message)
      .to.include('DOUBLE PRECISION')
      .and.include('DECIMAL')
      .and.include('REAL');
  });
});
