// Callbacks given to a mutation hook run even when the calling component unmounts on success
// (signing out, deleting the card that holds the button); callbacks given to mutate() would not.
export interface MutationCallbacks<TData = unknown> {
  onSuccess?: (data: TData) => void;
  onError?: (error: Error) => void;
}
