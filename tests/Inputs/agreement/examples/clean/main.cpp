// The host program of the example: not a kernel file.
int main() { return 0; }
