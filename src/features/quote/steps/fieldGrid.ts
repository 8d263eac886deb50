/**
 * The booking step's grid of fields (its own fields and the service address's): a field's help
 * text stays clear of the label of the field below (the label rises above it).
 */
export const fieldGrid = (gridTemplateColumns: { xs: string; sm: string }) => ({
  display: 'grid',
  columnGap: 2,
  rowGap: 1.5,
  gridTemplateColumns,
});
