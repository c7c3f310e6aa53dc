/** The line commands of DESIGN.md §5 and the batch route. */
export const ORDER_COMMAND_CONTROLLERS = [];
export const ORDER_COMMAND_PROVIDERS = [];
