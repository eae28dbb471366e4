# GATEHOUSE_LLD: link with LLVM's lld when the compiler can. The test suite links well over a
# hundred executables against the static modules, and lld does each several times faster than
# the default bfd linker (tests/bench/buildtime/README.md); the programs are the same.
option(GATEHOUSE_LLD "Link with lld (ld.lld) when the compiler accepts -fuse-ld=lld" ON)
if(GATEHOUSE_LLD)
    include(CheckLinkerFlag)
    check_linker_flag(CXX -fuse-ld=lld GATEHOUSE_HAVE_LLD)
    if(GATEHOUSE_HAVE_LLD)
        add_link_options(-fuse-ld=lld)
    endif()
endif()
