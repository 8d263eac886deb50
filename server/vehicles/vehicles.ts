/** The customer's vehicles. */
import type { Vehicle, VehicleInput } from '../../domain/contract/types';
import { newId, type Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { assertBelowCap } from '../customers/caps';
import type { Customer } from '../customers/customers';

interface VehicleRow {
  vehicle_id: string;
  make: string;
  model: string;
  year: number;
  license_plate: string | null;
}

const toVehicle = (row: VehicleRow): Required<Vehicle> => ({
  vehicleId: row.vehicle_id,
  make: row.make,
  model: row.model,
  year: row.year,
  licensePlate: row.license_plate,
});

function clean(input: VehicleInput) {
  const plate = input.licensePlate?.trim() ?? '';
  return {
    make: input.make.trim(),
    model: input.model.trim(),
    year: input.year,
    plate: plate === '' ? null : plate,
  };
}

export function listVehicles(db: Db, customer: Customer): Vehicle[] {
  const rows = db
    .prepare(
      `SELECT vehicle_id, make, model, year, license_plate FROM vehicles
       WHERE user_id = ? ORDER BY created_at, rowid`,
    )
    .all(customer.userId) as VehicleRow[];
  return rows.map(toVehicle);
}

function getVehicle(db: Db, customer: Customer, vehicleId: string): Vehicle {
  const row = db
    .prepare(
      `SELECT vehicle_id, make, model, year, license_plate FROM vehicles
       WHERE vehicle_id = ? AND user_id = ?`,
    )
    .get(vehicleId, customer.userId) as VehicleRow | undefined;
  if (!row) throw notFound('Vehicle not found');
  return toVehicle(row);
}

export function createVehicle(
  db: Db,
  customer: Customer,
  input: VehicleInput,
  now: Date = new Date(),
): Vehicle {
  assertBelowCap(db, customer.userId, 'vehicles');
  const vehicleId = newId();
  const { make, model, year, plate } = clean(input);
  const at = now.toISOString();
  db.prepare(
    `INSERT INTO vehicles (vehicle_id, user_id, make, model, year, license_plate, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(vehicleId, customer.userId, make, model, year, plate, at, at);
  return getVehicle(db, customer, vehicleId);
}

export function updateVehicle(
  db: Db,
  customer: Customer,
  vehicleId: string,
  input: VehicleInput,
  now: Date = new Date(),
): Vehicle {
  const { make, model, year, plate } = clean(input);
  const result = db
    .prepare(
      `UPDATE vehicles SET make = ?, model = ?, year = ?, license_plate = ?, updated_at = ?
       WHERE vehicle_id = ? AND user_id = ?`,
    )
    .run(make, model, year, plate, now.toISOString(), vehicleId, customer.userId);
  if (result.changes === 0) throw notFound('Vehicle not found');
  return getVehicle(db, customer, vehicleId);
}

/** Bookings keep the vehicle text they were made with, so nothing else changes. */
export function deleteVehicle(db: Db, customer: Customer, vehicleId: string): void {
  const result = db
    .prepare('DELETE FROM vehicles WHERE vehicle_id = ? AND user_id = ?')
    .run(vehicleId, customer.userId);
  if (result.changes === 0) throw notFound('Vehicle not found');
}
