// Filled by the assistant work (issue 4): POST /api/assistant and its streaming variant.
export {};
