/** Where the owner console shows the customers (the route table wires these paths). */
export const CUSTOMERS_PATH = '/owner/customers';
export const customerPath = (userId: string) => `${CUSTOMERS_PATH}/${encodeURIComponent(userId)}`;
