// The GL backend.
