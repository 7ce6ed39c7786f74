//! Which kernels run ([`Kernels`]): the AVX2 ones where the processor has them, detected at run
//! time, else the scalar ones; the tests force the scalar ones to compare the two.

/// Which kernels run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kernels {
    /// Plain Rust, any processor.
    Scalar,
    /// AVX2 (x86-64, detected at run time).
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernels {
    /// The fastest kernels this processor runs.
    pub(crate) fn detect() -> Kernels {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Kernels::Avx2;
        }
        Kernels::Scalar
    }
}
