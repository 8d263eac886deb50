import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  useCreateVehicleMutation,
  useDeleteVehicleMutation,
  useListMyVehiclesQuery,
  useUpdateVehicleMutation,
} from '../../api/endpoints';
import { errorMessage } from '../../api/errors';
import type { Vehicle } from '../../api/normalize';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DashboardPageBody } from '../../components/DashboardPageBody';
import { vehicleMessages } from './messages';
import { useToast } from '../../components/toast';
import { usePageMeta } from '../../components/usePageMeta';
import {
  emptyVehicleForm,
  toVehicleBody,
  toVehicleForm,
  type VehicleFormValues,
} from './vehicleForm';
import { vehicleRow } from '../../../domain/vehicle';

/** The form's fields in order; every field of the form values has one (a compile error otherwise). */
const fieldInputs: Record<keyof VehicleFormValues, { label: string; type?: string }> = {
  make: { label: 'Make' },
  model: { label: 'Model' },
  year: { label: 'Year', type: 'number' },
  licensePlate: { label: 'License Plate' },
};
const formFields = (Object.keys(fieldInputs) as (keyof VehicleFormValues)[]).map((name) => ({
  name,
  ...fieldInputs[name],
}));

/** My Vehicles (docs/product.md §2, §4, §5, §8): the list with Edit and Delete, and the add/edit form. */
export function VehiclesPage() {
  usePageMeta(vehicleMessages.title);
  const toast = useToast();
  const { data: vehicles, error, isLoading } = useListMyVehiclesQuery();
  const [createVehicle, { isLoading: adding }] = useCreateVehicleMutation();
  const [updateVehicle, { isLoading: updating }] = useUpdateVehicleMutation();
  const [deleteVehicle, { isLoading: deleting }] = useDeleteVehicleMutation();

  const [values, setValues] = useState<VehicleFormValues>(emptyVehicleForm);
  const [editing, setEditing] = useState<Vehicle | null>(null);
  const [toDelete, setToDelete] = useState<Vehicle | null>(null);
  const firstInput = useRef<HTMLInputElement | null>(null);

  const saving = adding || updating;
  const busy = saving || deleting;

  const resetForm = () => {
    setValues(emptyVehicleForm);
    setEditing(null);
  };

  const startEdit = (vehicle: Vehicle) => {
    setEditing(vehicle);
    setValues(toVehicleForm(vehicle));
    firstInput.current?.focus();
  };

  const onChange = (field: keyof VehicleFormValues) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((prev) => ({ ...prev, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const vehicleInput = toVehicleBody(values);
    try {
      if (editing) {
        await updateVehicle({ id: editing.vehicleId, vehicleInput }).unwrap();
        toast.success(vehicleMessages.updated);
      } else {
        await createVehicle({ vehicleInput }).unwrap();
        toast.success(vehicleMessages.added);
      }
      resetForm();
    } catch (failure) {
      // What was typed stays in the form.
      toast.error(errorMessage(failure, vehicleMessages.saveFailed));
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteVehicle({ id: toDelete.vehicleId }).unwrap();
      toast.success(vehicleMessages.deleted);
      if (editing?.vehicleId === toDelete.vehicleId) resetForm();
    } catch (failure) {
      toast.error(errorMessage(failure, vehicleMessages.deleteFailed));
    } finally {
      setToDelete(null);
    }
  };

  const list = vehicles ?? [];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {vehicleMessages.title}
      </Typography>
      <DashboardPageBody
        loading={isLoading}
        loadingLabel={vehicleMessages.loading}
        error={
          !vehicles && vehicleMessages.loadError(errorMessage(error, vehicleMessages.loadFailed))
        }
      >
        {() => (
          <>
            {list.length === 0 ? (
              <Typography sx={{ mb: 3 }}>{vehicleMessages.empty}</Typography>
            ) : (
              <Card variant="outlined" sx={{ mb: 3 }}>
                <List aria-label={vehicleMessages.listLabel} disablePadding>
                  {list.map((vehicle, index) => {
                    const line = vehicleRow(vehicle);
                    return (
                      <ListItem
                        key={vehicle.vehicleId || index}
                        divider={index < list.length - 1}
                        sx={{ flexWrap: 'wrap', gap: 1 }}
                      >
                        <ListItemText primary={line} sx={{ flex: '1 1 200px' }} />
                        <Stack direction="row" spacing={1}>
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => startEdit(vehicle)}
                            disabled={busy}
                            aria-label={`Edit ${line}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            color="error"
                            onClick={() => setToDelete(vehicle)}
                            disabled={busy}
                            aria-label={`Delete ${line}`}
                          >
                            Delete
                          </Button>
                        </Stack>
                      </ListItem>
                    );
                  })}
                </List>
              </Card>
            )}

            <Card variant="outlined" component="section" aria-labelledby="vehicle-form-heading">
              <CardContent>
                <Typography id="vehicle-form-heading" variant="h5" component="h2" gutterBottom>
                  {editing ? vehicleMessages.editTitle : vehicleMessages.addTitle}
                </Typography>
                <Box
                  component="form"
                  noValidate
                  onSubmit={(event) => void onSubmit(event)}
                  aria-labelledby="vehicle-form-heading"
                >
                  <Grid container spacing={2}>
                    {formFields.map((field, index) => (
                      <Grid key={field.name} size={{ xs: 12, sm: 6 }}>
                        <TextField
                          id={`vehicle-${field.name}`}
                          name={field.name}
                          label={field.label}
                          type={field.type ?? 'text'}
                          value={values[field.name]}
                          onChange={onChange(field.name)}
                          disabled={busy}
                          fullWidth
                          inputRef={index === 0 ? firstInput : undefined}
                        />
                      </Grid>
                    ))}
                  </Grid>
                  <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                    <Button
                      type="submit"
                      variant="contained"
                      disabled={busy}
                      startIcon={
                        saving ? (
                          <CircularProgress size={16} color="inherit" aria-hidden />
                        ) : undefined
                      }
                    >
                      {editing
                        ? updating
                          ? vehicleMessages.updating
                          : vehicleMessages.update
                        : adding
                          ? vehicleMessages.adding
                          : vehicleMessages.add}
                    </Button>
                    {editing && (
                      <Button onClick={resetForm} disabled={busy}>
                        {vehicleMessages.cancel}
                      </Button>
                    )}
                  </Stack>
                </Box>
              </CardContent>
            </Card>

            <ConfirmDialog
              open={toDelete !== null}
              title="Delete vehicle"
              message={vehicleMessages.confirmDelete}
              confirmLabel="Delete"
              onConfirm={() => void confirmDelete()}
              onCancel={() => setToDelete(null)}
              busy={deleting}
            />
          </>
        )}
      </DashboardPageBody>
    </Container>
  );
}
