// The executable whose build makes the tests' precompiled header (testpch.h); never run.
int main()
{
    return 0;
}
