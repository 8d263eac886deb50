import { vehicleName, vehicleRow, vehicleText } from './vehicle';

const rav4 = { make: 'Toyota', model: 'RAV4', year: 2019, licensePlate: 'XYZ-987' };

describe('vehicleName: make model (year)', () => {
  it.each([
    [rav4, 'Toyota RAV4 (2019)'],
    [{ make: 'Kia', model: 'Soul', year: 2018 }, 'Kia Soul (2018)'],
    [{ make: 'Kia', model: '', year: 0 }, 'Kia'],
    [{ make: '', model: '', year: 0 }, ''],
  ])('%o reads %p', (vehicle, text) => {
    expect(vehicleName(vehicle)).toBe(text);
  });
});

describe('vehicleText: the name and the plate', () => {
  it.each([
    [rav4, 'Toyota RAV4 (2019) · XYZ-987'],
    [{ ...rav4, licensePlate: null }, 'Toyota RAV4 (2019)'],
    [{ ...rav4, licensePlate: '' }, 'Toyota RAV4 (2019)'],
    ['2021 Honda CR-V', '2021 Honda CR-V'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%o reads %p', (vehicle, text) => {
    expect(vehicleText(vehicle)).toBe(text);
  });
});

describe('vehicleRow: My Vehicles, year make model – plate', () => {
  it.each([
    [rav4, '2019 Toyota RAV4 – XYZ-987'],
    [{ ...rav4, licensePlate: null }, '2019 Toyota RAV4 – N/A'],
    [{ ...rav4, year: 0, licensePlate: '' }, 'Toyota RAV4 – N/A'],
  ])('%o reads %p', (vehicle, text) => {
    expect(vehicleRow(vehicle)).toBe(text);
  });
});
