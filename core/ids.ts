const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from an address can name a row: anything else is answered 404 without asking the database. */
export const isUuid = (id: string) => UUID.test(id);
